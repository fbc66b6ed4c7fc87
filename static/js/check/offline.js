// The checker's answer worked out on the phone, for when the server cannot be reached:
// the form read as check/form.py reads it, the placement engine of static/js/engine/, and
// the result or the refusal worded from the page's catalog (static/js/shared/catalog.js), so the
// phone shows what the server would have shown, word for word.
import { query, readForm, toData } from "./form.js";
import { renderResult } from "./result.js";
import { resolvePlacement } from "../engine/placement.js";

/**
 * The answer to a checker query (`URLSearchParams`, as a link or the form sends it):
 * `{html}` for the result section, or `{error}` for the sentence the form shows. `t` is
 * the page's catalog (shared/catalog.js `pageCatalog()` or `catalogOf(data)`); `page` is the
 * checker's own address (the share links start with it).
 */
export function answerOffline(params, t, page) {
  const form = readForm(params);
  try {
    const data = toData(form, t.say);
    const answer = resolvePlacement(structuredClone(data));
    const link = (choices) => `${page}?${query(form, t.say, choices)}`;
    return { html: renderResult(answer, data, t, link) };
  } catch (error) {
    if (error && error.code) return { error: t.refusalText(error) };
    throw error;
  }
}
