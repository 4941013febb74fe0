import type { ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { type NotesApi, NotesContext } from './useNotes';

/**
 * The panel's notes for a view drawn by the tabs module (entrypoints/youtube-tabs/), whose own Preact and own copy
 * of NotesContext the panel's provider does not reach: the panel hands them in as a prop, given here to the view's
 * notes (the panel's own context when drawn in the same tree, as in tests).
 */
export function WithNotes({ notes, children }: { notes: NotesApi | null | undefined; children: ComponentChildren }) {
  const ambient = useContext(NotesContext);
  return <NotesContext.Provider value={notes ?? ambient}>{children}</NotesContext.Provider>;
}
