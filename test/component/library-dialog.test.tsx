// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from '../../entrypoints/library/Dialog';

afterEach(cleanup);

type Shown = { onAct?: () => void; onCancel?: () => void; focus?: 'act' | 'cancel'; disabled?: boolean };

const shown = (
  kind: 'alert' | 'calm',
  { onAct = () => {}, onCancel = () => {}, focus = 'act', disabled }: Shown = {},
) =>
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
      act={{ label: 'Remove', disabled, onClick: onAct }}
      cancel={{ label: 'Keep', onClick: onCancel }}
      focus={focus}
    >
      <p>Said after the list.</p>
    </Dialog>,
  );

describe('the library dialog shell', () => {
  it('is named by its title and described by its list only, with the buttons last', () => {
    shown('alert');
    const dialog = screen.getByRole('alertdialog', { name: 'Remove 2 videos?' });
    expect(dialog.getAttribute('aria-describedby')).toBe('test-what');
    expect(document.getElementById('test-what')?.textContent).toBe(
      'Costs 2 Cloud Requests to get back.Keeps their notes.',
    );
    expect(dialog.textContent).toContain('Said after the list.');
    expect(dialog.lastElementChild?.textContent).toBe('RemoveKeep');
    expect(dialog.className).toBe('dialog');
    expect(screen.getByRole('button', { name: 'Remove' }).className).toBe('danger');
  });

  it('asks about an adding act as a calm dialog, not an alert', () => {
    shown('calm');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Remove 2 videos?' }).className).toBe('dialog calm');
    expect(screen.getByRole('button', { name: 'Remove' }).className).toBe('primary');
  });

  it('backs out on Escape from anything inside it, and on no other key', () => {
    let cancels = 0;
    shown('alert', {
      onCancel: () => {
        cancels += 1;
      },
    });
    const button = screen.getByRole('button', { name: 'Remove' });
    fireEvent.keyDown(button, { key: 'Enter' });
    expect(cancels).toBe(0);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(cancels).toBe(1);
  });

  it('focuses the button it is told to, and acts only through an enabled act button', () => {
    let acts = 0;
    const { unmount } = shown('calm', { focus: 'cancel', disabled: true, onAct: () => (acts += 1) });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(acts).toBe(0);
    unmount();
    shown('alert', { onAct: () => (acts += 1) });
    const act = screen.getByRole('button', { name: 'Remove' });
    expect(document.activeElement).toBe(act);
    fireEvent.click(act);
    expect(acts).toBe(1);
  });
});
