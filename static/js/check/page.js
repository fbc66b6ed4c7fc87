// The placement checker, quicker: answers appear without a page load, the address bar
// always holds the share link, and rule-4 and tie choices update the answer in place.
// Without a connection the phone works the answer out itself (check/offline.js), in the
// same words; a share link opened offline is read into the form and answered the same way.
// The page works without this script: the form posts, the choices are plain links.
import { pageCatalog } from "../shared/catalog.js";
import { nextTask } from "../shared/tasks.js";
import { setupFields } from "./fields.js";
import { readForm, wantsAnswer } from "./form.js";
import { setupGrid } from "./grid.js";
import { answerOffline } from "./offline.js";
import { MAX_LINES } from "../engine/limits.js";

const WAIT = 4000; // ms the server has to answer before the phone answers itself
const TYPING = 400; // ms of quiet typing before a complete table is answered
const TABLE_FIELDS = ["rows", "takes_at", "r1", "r2", "r3", "r4", "r5", "card", "player"];

const checkForm = document.getElementById("check-form");
if (checkForm) start(checkForm);

/**
 * The page's parts and state, shared by the functions below: the form, the result, the
 * catalog (`t`), the grid and fields helpers, and the newest answer asked for.
 */
async function start(form) {
  const page = {
    form, t: pageCatalog(), timer: 0, sequence: 0,
    result: document.getElementById("result"),
    computed: document.getElementById("computed-here"),
    plays: form.querySelector("#plays"),
    template: document.getElementById("line-template"),
    address: new URL(form.getAttribute("action"), location.href).href,
  };
  page.grid = setupGrid(form, () => answerSoon(page));
  page.fields = setupFields(form, page.grid, () => addLine(page));
  listen(page);
  page.grid.start(() => addLine(page));
  page.fields.apply();
  await nextTask(); // the form answers taps; then the link's table or this phone's shape
  openLink(page);
  offlineNotice(page);
  setUpCopy(page);
}

/** A table is answered once every row in play and at least one card are filled in. */
function complete(form) {
  const rows = [...form.querySelectorAll(".row-line input:not(:disabled)")];
  const cards = [...form.querySelectorAll(".plays .card-input")].some((i) => i.value.trim());
  return rows.every((input) => input.value.trim()) && cards;
}

function answerSoon(page) {
  clearTimeout(page.timer);
  page.timer = setTimeout(() => { if (complete(page.form)) refresh(page, {}); }, TYPING);
}

/** The form's fields as a share link's query (no token, no "more players" button). */
function formQuery(form) {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (name !== "csrf_token" && name !== "more") params.append(name, String(value));
  }
  return params;
}

function addLine(page) {
  if (page.plays.children.length >= MAX_LINES) return null;
  const line = page.template.content.firstElementChild.cloneNode(true);
  page.plays.append(line);
  page.grid.lineAdded(line);
  page.fields.apply();
  return line;
}

// --- answers: from the server, else worked out on this phone ---

async function fromServer(page, params) {
  if (navigator.onLine === false) return null;
  const ask = new URLSearchParams(params);
  ask.set("partial", "1");
  const controller = new AbortController();
  const late = setTimeout(() => controller.abort(), WAIT);
  try {
    const response = await fetch(`${page.form.getAttribute("action")}?${ask}`, {
      headers: { Accept: "text/html" }, credentials: "same-origin", signal: controller.signal,
    });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  } finally {
    clearTimeout(late);
  }
}

function onPhone(page, params) {
  try {
    return answerOffline(params, page.t, page.address);
  } catch (error) {
    console.error(error); // a bug, not a refusal: say so plainly, keep what was typed
    return { error: page.t.refusalText({}) };
  }
}

/** The result's nodes and the refusal's sentence, from the server's partial page. */
function serverAnswer(html) {
  const doc = new DOMParser().parseFromString(html, "text/html");
  return {
    nodes: [...doc.querySelector('[data-part="result"]').childNodes],
    message: doc.querySelector('[data-part="error"]').textContent.trim(),
  };
}

function phoneAnswer(page, params) {
  const answer = onPhone(page, params);
  const holder = document.createElement("template");
  holder.innerHTML = answer.html || "";
  return { nodes: [...holder.content.childNodes], message: answer.error || "" };
}

async function refresh(page, { scroll = false, keep = null, params = formQuery(page.form) }) {
  const mine = ++page.sequence;
  const html = await fromServer(page, params);
  if (mine !== page.sequence) return; // a newer change is already on its way
  const local = html === null;
  const { nodes, message } = local ? phoneAnswer(page, params) : serverAnswer(html);
  showMessage(page, message);
  showResult(page, nodes, local);
  scrollTo(page, message, { scroll, keep });
}

// --- showing an answer ---

/**
 * The button tapped on a table not filled in (its grey examples are placeholders, not
 * cards): say what is missing, in the words the server's form would use (the engine's
 * refusal of the first empty row, or of no card), instead of asking for an answer.
 */
function missing(page) {
  page.sequence += 1; // an answer still on its way is for another table
  const { error } = onPhone(page, formQuery(page.form));
  const message = error || page.t.refusalText({});
  showMessage(page, message);
  showResult(page, [], false);
  scrollTo(page, message, { scroll: true, keep: null });
}

function showMessage(page, message) {
  const alert = document.createElement("p");
  Object.assign(alert, { className: "errors", textContent: message });
  alert.setAttribute("role", "alert");
  page.form.querySelector('[data-part="error"]').replaceChildren(...(message ? [alert] : []));
  const liveError = page.form.querySelector(".live-error"); // in sight of the fields edited
  liveError.textContent = message;
  liveError.hidden = !message;
}

function showResult(page, nodes, local) {
  const { result } = page;
  result.replaceChildren(...nodes);
  document.body.classList.toggle("has-result", result.children.length > 0);
  const share = result.querySelector("[data-share]");
  page.computed.hidden = !(local && share);
  if (share) {
    const url = new URL(share.dataset.share);
    history.replaceState(null, "", url.pathname + url.search);
    setUpCopy(page);
  }
}

function scrollTo(page, message, { scroll, keep }) {
  const { result } = page;
  if (message && scroll) {
    page.form.querySelector(".live-error").scrollIntoView({ block: "center" });
  } else if (keep !== null) {
    const steps = result.querySelectorAll(".steps > .step");
    (steps[keep] || result).scrollIntoView({ block: "center" });
  } else if (scroll && result.querySelector("[data-share]")) {
    result.scrollIntoView({ block: "start" });
    result.focus({ preventScroll: true });
  }
}

function setUpCopy(page) {
  const button = page.result.querySelector(".copy-link");
  const link = page.result.querySelector(".share-link");
  if (!button || !link || !navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(link.href);
      button.textContent = page.t.say("copied");
    } catch {
      link.focus();
    }
  });
}

// --- the page's events ---

/**
 * A choice link (rule 4 row, tie outcome) carries the whole table: copy its choices into
 * the form's lines, then ask for the new answer, keeping the chosen step in sight.
 */
function choose(page, anchor) {
  const params = new URL(anchor.href).searchParams;
  const lines = [...page.plays.querySelectorAll(".line")].filter((line) =>
    [...line.querySelectorAll("input")].some((input) => input.value.trim()));
  for (const name of ["take", "place"]) {
    const values = params.getAll(name);
    lines.forEach((line, index) => {
      line.querySelector(`[name="${name}"]`).value = values[index] || "";
    });
  }
  const step = anchor.closest(".step");
  const keep = step ? [...page.result.querySelectorAll(".steps > .step")].indexOf(step) : null;
  refresh(page, { scroll: true, keep });
}

function listen(page) {
  page.form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (event.submitter && event.submitter.name === "more") {
      const line = addLine(page);
      addLine(page);
      if (line) line.querySelector("input").focus();
      return;
    }
    clearTimeout(page.timer);
    page.grid.close();
    if (complete(page.form)) refresh(page, { scroll: true });
    else missing(page);
  });
  page.result.addEventListener("click", (event) => {
    const anchor = event.target.closest("a[data-choice]");
    if (!anchor || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    choose(page, anchor);
  });
}

/**
 * A share link opened from the copy stored on this phone comes without the link's table:
 * read it into the fields as the server would have, then answer it. A page without a
 * table of its own starts with the shape this phone used last.
 */
function openLink(page) {
  const linkParams = new URLSearchParams(location.search);
  const typed = [...page.form.querySelectorAll(".row-line input, .plays input")]
    .some((input) => input.value.trim());
  const link = readForm(linkParams);
  if (!typed && TABLE_FIELDS.some((name) => linkParams.has(name))) {
    page.fields.fill(link);
    if (wantsAnswer(link) && !page.result.children.length) refresh(page, { params: linkParams });
  } else if (!typed) {
    page.fields.restore();
  }
}

/** The offline notice says that this page still answers without a connection (pwa.js). */
function offlineNotice(page) {
  const pwa = document.querySelector("script[data-pwa]");
  if (!pwa) return;
  const offline = page.t.say("offline");
  pwa.dataset.offlineCheck = offline;
  const note = document.getElementById("offline-note");
  if (note) note.textContent = `${pwa.dataset.offline} ${offline}`;
}
