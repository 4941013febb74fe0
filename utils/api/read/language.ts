/**
 * Caption track labels as public clients of the real service see them: "English (auto-generated)",
 * "Deutsch", "English - en". The label's "(auto-generated)" means an automatic track; the code is read from
 * the label when no code is sent, by matching English language names.
 */

const COMMON_CODES =
  'en es fr de it pt nl ru ja ko zh ar hi bn pa ur tr pl uk vi th id ms fa he el sv no nb da fi cs sk hu ro bg hr sr sl lt lv et ta te mr gu kn ml si sw tl fil af sq am hy az eu be bs ca ceb ny co cy eo gl ka ha haw hmn ig is ga jv kk km ku ky lo la lb mk mg mt mi mn my ne ps sm gd st sn sd so su tg uz xh yi yo zu'.split(
    ' ',
  );

let byName: Map<string, string> | null = null;

function namesToCodes(): Map<string, string> {
  if (byName) return byName;
  byName = new Map();
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'language' });
    for (const code of COMMON_CODES) {
      const name = names.of(code);
      if (name && name !== code) byName.set(name.toLowerCase(), code);
    }
  } catch {
    // no Intl.DisplayNames: codes are only read from labels that carry one
  }
  return byName;
}

const GENERATED = /\((?:auto-?generated|automatic|auto)\)|\bauto-?generated\b/i;

/** True when a track label says the captions are automatic. */
export function labelIsGenerated(label: string): boolean {
  return GENERATED.test(label);
}

/** The label without its "(auto-generated)" note and surrounding space. */
export function labelName(label: string): string {
  return label.replace(GENERATED, '').replace(/\s+/g, ' ').trim();
}

const CODE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

/** A language code from a label: "en", "English", "English (United States)", "English - en"; else undefined. */
export function codeFromLabel(label: string): string | undefined {
  const name = labelName(label);
  if (CODE.test(name)) return name;
  const tail = /[-–(]\s*([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\s*\)?$/.exec(name)?.[1];
  if (tail) return tail;
  const base = name.replace(/\s*\(.*\)\s*$/, '').toLowerCase();
  return namesToCodes().get(base);
}
