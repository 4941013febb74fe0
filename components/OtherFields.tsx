import type { OtherEntry } from '../utils/api/read/lenient';

/**
 * What the service sent that the analysis or the answer has no place for (utils/api/read/lenient.ts), shown as it
 * came: each label and text in its own direction.
 */
export function OtherFields({ other }: { other: readonly OtherEntry[] }) {
  return (
    <dl class="tl-other">
      {other.map((o, i) => (
        <div key={i}>
          <dt dir="auto">{o.label}</dt>
          <dd dir="auto">{o.text}</dd>
        </div>
      ))}
    </dl>
  );
}
