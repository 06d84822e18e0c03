// Arabic number words in normalised spelling (أ/إ/آ → ا, ة → ه, ى and ئ → ي, no diacritics). Parts join with و
// ("خمسه وعشرين" = 5 + 20), a count multiplies the following scale ("ثلاثه الاف"), a unit before عشر makes
// a teen, and the hundreds fuse ("ثلاثمائه") or stand apart ("ثلاث مئه").

const UNITS: Record<string, number> = {
  صفر: 0,
  واحد: 1,
  واحده: 1,
  احد: 1,
  احدي: 1,
  اثنان: 2,
  اثنين: 2,
  اثنتان: 2,
  اثنتين: 2,
  اثنا: 2,
  اثنتا: 2,
  ثلاث: 3,
  ثلاثه: 3,
  اربع: 4,
  اربعه: 4,
  خمس: 5,
  خمسه: 5,
  ست: 6,
  سته: 6,
  سبع: 7,
  سبعه: 7,
  ثمان: 8,
  ثماني: 8,
  ثمانيه: 8,
  تسع: 9,
  تسعه: 9,
  عشر: 10,
  عشره: 10,
};
const TENS: Record<string, number> = {
  عشرون: 20,
  عشرين: 20,
  ثلاثون: 30,
  ثلاثين: 30,
  اربعون: 40,
  اربعين: 40,
  خمسون: 50,
  خمسين: 50,
  ستون: 60,
  ستين: 60,
  سبعون: 70,
  سبعين: 70,
  ثمانون: 80,
  ثمانين: 80,
  تسعون: 90,
  تسعين: 90,
};
// Normalisation turns ئ into ي: مئة → ميه, مائة → مايه, مئتان → ميتان.
const HUNDRED_FORMS = ['ميه', 'مايه'];
const TWO_HUNDRED = new Set(['ميتان', 'ميتين', 'مايتان', 'مايتين']);
/** Scale words that take a count before them. */
const SCALES: Record<string, number> = {
  الف: 1e3,
  الاف: 1e3,
  مليون: 1e6,
  ملايين: 1e6,
  مليار: 1e9,
  مليارات: 1e9,
};
/** Duals: a fixed amount, never multiplied. */
const DUAL_SCALES: Record<string, number> = { الفان: 2e3, الفين: 2e3, مليونان: 2e6, مليونين: 2e6 };
const ORDINALS: Record<string, number> = {
  اول: 1,
  اولي: 1,
  ثاني: 2,
  ثالث: 3,
  رابع: 4,
  خامس: 5,
  سادس: 6,
  سابع: 7,
  ثامن: 8,
  تاسع: 9,
  عاشر: 10,
};

export type ArabicTerm =
  | { kind: 'unit'; value: number }
  | { kind: 'tens'; value: number }
  | { kind: 'hundreds'; value: number }
  | { kind: 'hundred' }
  | { kind: 'scale'; value: number }
  | { kind: 'dual'; value: number };

function hundreds(word: string): number | null {
  if (TWO_HUNDRED.has(word)) return 200;
  for (const form of HUNDRED_FORMS) {
    if (!word.endsWith(form) || word === form) continue;
    const unit = UNITS[word.slice(0, -form.length)];
    if (unit !== undefined && unit >= 3 && unit <= 9) return unit * 100;
  }
  return null;
}

/** What an Arabic word (without a leading و) means as a number part, or null. */
export function arabicTerm(word: string): ArabicTerm | null {
  const unit = UNITS[word];
  if (unit !== undefined) return { kind: 'unit', value: unit };
  const tens = TENS[word];
  if (tens !== undefined) return { kind: 'tens', value: tens };
  if (HUNDRED_FORMS.includes(word)) return { kind: 'hundred' };
  const fused = hundreds(word);
  if (fused !== null) return { kind: 'hundreds', value: fused };
  const scale = SCALES[word];
  if (scale !== undefined) return { kind: 'scale', value: scale };
  const dual = DUAL_SCALES[word];
  return dual === undefined ? null : { kind: 'dual', value: dual };
}

/** An Arabic ordinal (الثالث, الثانيه, اول) → its value, or null. */
export function arabicOrdinal(word: string): number | null {
  const bare = word.replace(/^ال/, '').replace(/ه$/, '');
  return ORDINALS[bare] ?? null;
}

/** Whether a word is the "ten" of a teen ("خمسه عشر"). */
export function isTeenTen(word: string): boolean {
  return word === 'عشر' || word === 'عشره';
}
