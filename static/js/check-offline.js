// The checker's answer worked out on the phone, for when the server cannot be reached:
// the form read as check/form.py reads it, the placement engine of static/js/engine/, and
// the result or the refusal worded with the page's own sentences (#check-strings), so the
// phone shows what the server would have shown, word for word.
import { resolvePlacement } from "./engine/index.js";
import { query, readForm, toData } from "./check-form.js";
import { catalogOf } from "./catalog.js";
import { renderResult, sayer } from "./check-result.js";

/** The translated sentence for a refusal, from its code and fields. */
export function refusalText(error, strings) {
  return catalogOf({ refusals: strings.errors, general: strings.general }).refusalText(error);
}

/**
 * The answer to a checker query (`URLSearchParams`, as a link or the form sends it):
 * `{html}` for the result section, or `{error}` for the sentence the form shows. `page` is
 * the checker's own address (the share links start with it).
 */
export function answerOffline(params, strings, page) {
  const { say } = sayer(strings);
  const form = readForm(params);
  try {
    const data = toData(form, say);
    const answer = resolvePlacement(structuredClone(data));
    const link = (choices) => `${page}?${query(form, say, choices)}`;
    return { html: renderResult(answer, data, strings, link) };
  } catch (error) {
    if (error && error.code) return { error: refusalText(error, strings) };
    throw error;
  }
}
