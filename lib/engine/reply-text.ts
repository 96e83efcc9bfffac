// Reading a model's free-form reply, line by line: what models wrap an answer in, taken off. Shared by the games'
// parsers (games/<id>/prompt.ts) that read moves written as words.

/** Strips what models wrap an answer line in: bullets, bold, quotes, backticks, "Answer:" / "Final move:" prefixes. */
export function cleanAnswerLine(line: string): string {
  let l = line.trim();
  for (let i = 0; i < 3; i++) {
    l = l
      .replace(/^(?:[-*>•]\s+|\d+[.)]\s+)/, '')
      .replace(/^(?:\*\*|__|`+|["'“‘])+/, '')
      .replace(/^(?:final\s+)?(?:answer|move|action|my move|reply|decision)\s*(?:is)?\s*[:=-]\s*/i, '')
      .replace(/(?:\*\*|__|`+|["'”’])+\s*\.?$/, '')
      .trim();
  }
  return l;
}

/** A message's text without the quotes (and trailing bold) a model put around it. */
export function unquote(t: string): string {
  return t
    .trim()
    .replace(/^["“'‘]+|["”'’]+$/g, '')
    .replace(/\*\*$/, '')
    .trim();
}
