// The placement checker, quicker: answers appear without a page load, the address bar
// always holds the share link, and rule-4 and tie choices update the answer in place.
// Without a connection the phone works the answer out itself (check-offline.js), in the
// same words; a share link opened offline is read into the form and answered the same way.
// The page works without this script: the form posts, the choices are plain links.
import { setupGrid } from "./check-grid.js";
import { setupFields } from "./check-fields.js";
import { readForm, wantsAnswer } from "./check-form.js";
import { answerOffline } from "./check-offline.js";
import { MAX_LINES } from "./limits.js";

const WAIT = 4000; // ms the server has to answer before the phone answers itself
const TABLE_FIELDS = ["rows", "takes_at", "r1", "r2", "r3", "r4", "r5", "card", "player"];

const form = document.getElementById("check-form");
if (form) start(form);

function pageStrings() {
  try {
    return JSON.parse(document.getElementById("check-strings").textContent);
  } catch {
    return null;
  }
}

function start(form) {
  const strings = pageStrings();
  const result = document.getElementById("result");
  const computed = document.getElementById("computed-here");
  const plays = form.querySelector("#plays");
  const template = document.getElementById("line-template");
  const page = new URL(form.getAttribute("action"), location.href).href;
  let timer = 0;
  let sequence = 0;

  const grid = setupGrid(form, () => {
    clearTimeout(timer);
    timer = setTimeout(() => { if (complete()) refresh({}); }, 400);
  });

  function complete() {
    const rows = [...form.querySelectorAll(".row-line input:not(:disabled)")];
    const cards = [...form.querySelectorAll(".plays .card-input")].some((i) => i.value.trim());
    return rows.every((input) => input.value.trim()) && cards;
  }

  function query() {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (name !== "csrf_token" && name !== "more") params.append(name, String(value));
    }
    return params;
  }

  function addLine() {
    if (plays.children.length >= MAX_LINES) return null;
    const line = template.content.firstElementChild.cloneNode(true);
    plays.append(line);
    grid.lineAdded(line);
    fields.apply();
    return line;
  }

  const fields = setupFields(form, grid, addLine);

  // --- answers: from the server, else worked out on this phone ---

  async function fromServer(params) {
    if (navigator.onLine === false) return null;
    const ask = new URLSearchParams(params);
    ask.set("partial", "1");
    const controller = new AbortController();
    const late = setTimeout(() => controller.abort(), WAIT);
    try {
      const response = await fetch(`${form.getAttribute("action")}?${ask}`, {
        headers: { Accept: "text/html" }, credentials: "same-origin", signal: controller.signal,
      });
      return response.ok ? await response.text() : null;
    } catch {
      return null;
    } finally {
      clearTimeout(late);
    }
  }

  function onPhone(params) {
    if (!strings) return { error: "" };
    try {
      return answerOffline(params, strings, page);
    } catch (error) {
      console.error(error); // a bug, not a refusal: say so plainly, keep what was typed
      return { error: strings.general };
    }
  }

  async function refresh({ scroll = false, keep = null, params = query() }) {
    const mine = ++sequence;
    const html = await fromServer(params);
    if (mine !== sequence) return; // a newer change is already on its way
    let nodes = [];
    let message = "";
    if (html !== null) {
      const doc = new DOMParser().parseFromString(html, "text/html");
      nodes = [...doc.querySelector('[data-part="result"]').childNodes];
      message = doc.querySelector('[data-part="error"]').textContent.trim();
    } else {
      const answer = onPhone(params);
      const holder = document.createElement("template");
      holder.innerHTML = answer.html || "";
      nodes = [...holder.content.childNodes];
      message = answer.error || "";
    }
    show(nodes, message, html === null, { scroll, keep });
  }

  function show(nodes, message, local, { scroll, keep }) {
    const alert = document.createElement("p");
    Object.assign(alert, { className: "errors", textContent: message });
    alert.setAttribute("role", "alert");
    form.querySelector('[data-part="error"]').replaceChildren(...(message ? [alert] : []));
    const liveError = form.querySelector(".live-error"); // in sight of the fields being edited
    liveError.textContent = message;
    liveError.hidden = !message;
    result.replaceChildren(...nodes);
    document.body.classList.toggle("has-result", result.children.length > 0);
    const share = result.querySelector("[data-share]");
    computed.hidden = !(local && share);
    if (share) {
      const url = new URL(share.dataset.share);
      history.replaceState(null, "", url.pathname + url.search);
      setUpCopy();
    }
    if (message && scroll) {
      liveError.scrollIntoView({ block: "center" });
    } else if (keep !== null) {
      const steps = result.querySelectorAll(".steps > .step");
      (steps[keep] || result).scrollIntoView({ block: "center" });
    } else if (scroll && share) {
      result.scrollIntoView({ block: "start" });
      result.focus({ preventScroll: true });
    }
  }

  function setUpCopy() {
    const button = result.querySelector(".copy-link");
    const link = result.querySelector(".share-link");
    if (!button || !link || !navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(link.href);
        button.textContent = button.dataset.done;
      } catch {
        link.focus();
      }
    });
  }

  // A choice link (rule 4 row, tie outcome) carries the whole table: copy its choices
  // into the form's lines, then ask for the new answer.
  function choose(anchor) {
    const params = new URL(anchor.href).searchParams;
    const lines = [...plays.querySelectorAll(".line")].filter((line) =>
      [...line.querySelectorAll("input")].some((input) => input.value.trim()));
    for (const name of ["take", "place"]) {
      const values = params.getAll(name);
      lines.forEach((line, index) => { line.querySelector(`[name="${name}"]`).value = values[index] || ""; });
    }
    const step = anchor.closest(".step");
    const keep = step ? [...result.querySelectorAll(".steps > .step")].indexOf(step) : null;
    refresh({ scroll: true, keep: keep });
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (event.submitter && event.submitter.name === "more") {
      const line = addLine();
      addLine();
      if (line) line.querySelector("input").focus();
      return;
    }
    clearTimeout(timer);
    grid.close();
    refresh({ scroll: true });
  });

  result.addEventListener("click", (event) => {
    const anchor = event.target.closest("a[data-choice]");
    if (!anchor || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    choose(anchor);
  });

  grid.start(addLine);
  fields.apply();
  // A share link opened from the copy stored on this phone comes without the link's
  // table: read it into the fields as the server would have, then answer it. A page
  // without a table of its own starts with the shape this phone used last.
  const linkParams = new URLSearchParams(location.search);
  const typed = [...form.querySelectorAll(".row-line input, .plays input")]
    .some((input) => input.value.trim());
  const link = readForm(linkParams);
  if (!typed && TABLE_FIELDS.some((name) => linkParams.has(name))) {
    fields.fill(link);
    if (wantsAnswer(link) && !result.children.length) refresh({ params: linkParams });
  } else if (!typed) {
    fields.restore();
  }
  // The offline notice: this page still answers without a connection (static/js/pwa.js).
  const pwa = document.querySelector("script[data-pwa]");
  if (pwa && strings) {
    pwa.dataset.offlineCheck = strings.sentences.offline;
    const note = document.getElementById("offline-note");
    if (note) note.textContent = `${pwa.dataset.offline} ${strings.sentences.offline}`;
  }
  setUpCopy();
}
