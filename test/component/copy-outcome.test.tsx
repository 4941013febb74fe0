// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CopyOutcome } from '../../components/transcript/CopyOutcome';

afterEach(cleanup);

const classes = { status: 'said', alert: 'refused' };

describe('what a copy did', () => {
  it('says the words it is given after a copy, in a polite status, and no alert', () => {
    render(<CopyOutcome state="copied" copied="Copied" classes={classes} />);
    expect(document.querySelector('output.said')?.textContent).toBe('Copied');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing before a copy', () => {
    render(<CopyOutcome state={null} copied="Copied" classes={classes} />);
    expect(document.querySelector('output.said')?.textContent).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('raises an alert when the clipboard refused, the status left empty', () => {
    render(<CopyOutcome state="failed" copied="Copied" classes={classes} />);
    expect(screen.getByRole('alert').className).toBe('refused');
    expect(screen.getByRole('alert').textContent).toMatch(/clipboard|copy/i);
    expect(document.querySelector('output.said')?.textContent).toBe('');
  });
});
