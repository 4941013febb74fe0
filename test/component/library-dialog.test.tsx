// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from '../../entrypoints/library/Dialog';

afterEach(cleanup);

const shown = (kind: 'alert' | 'calm', onCancel: () => void) =>
  render(
    <Dialog
      id="test"
      kind={kind}
      title="Remove 2 videos?"
      what={
        <>
          <li>Costs 2 Cloud Requests to get back.</li>
          <li>Keeps their notes.</li>
        </>
      }
      actions={<button type="button">Remove</button>}
      onCancel={onCancel}
    >
      <p>Said after the list.</p>
    </Dialog>,
  );

describe('the library dialog shell', () => {
  it('is named by its title and described by its list only, with the buttons last', () => {
    shown('alert', () => {});
    const dialog = screen.getByRole('alertdialog', { name: 'Remove 2 videos?' });
    expect(dialog.getAttribute('aria-describedby')).toBe('test-what');
    expect(document.getElementById('test-what')?.textContent).toBe(
      'Costs 2 Cloud Requests to get back.Keeps their notes.',
    );
    expect(dialog.textContent).toContain('Said after the list.');
    expect(dialog.lastElementChild?.textContent).toBe('Remove');
    expect(dialog.className).toBe('dialog');
  });

  it('asks about an adding act as a calm dialog, not an alert', () => {
    shown('calm', () => {});
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Remove 2 videos?' }).className).toBe('dialog calm');
  });

  it('backs out on Escape from anything inside it, and on no other key', () => {
    let cancels = 0;
    shown('alert', () => {
      cancels += 1;
    });
    const button = screen.getByRole('button', { name: 'Remove' });
    fireEvent.keyDown(button, { key: 'Enter' });
    expect(cancels).toBe(0);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(cancels).toBe(1);
  });
});
