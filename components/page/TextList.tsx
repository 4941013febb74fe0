type Props = {
  class: string;
  /** Lines from outside (video titles, pasted lines), each with a key unique in the list. */
  items: ReadonlyArray<{ key: string | number; text: string }>;
};

/** A list of lines that came from outside: each as text, in its own direction (one may run right to left). */
export function TextList({ class: className, items }: Props) {
  return (
    <ul class={className}>
      {items.map((item) => (
        <li key={item.key} dir="auto">
          {item.text}
        </li>
      ))}
    </ul>
  );
}
