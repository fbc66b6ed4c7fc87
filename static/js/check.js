// The placement checker, quicker: answers appear without a page load, the address bar
// always holds the share link, and rule-4 and tie choices update the answer in place.
// The page works without this script: the form posts, the choices are plain links.
import { setupGrid } from "./check-grid.js";

const form = document.getElementById("check-form");
if (form) start(form);

function start(form) {
  const result = document.getElementById("result");
  const plays = form.querySelector("#plays");
  const template = document.getElementById("line-template");
  const maxLines = Number(form.dataset.maxLines) || 20;
  let timer = 0;
  let sequence = 0;

  const grid = setupGrid(form, () => {
    clearTimeout(timer);
    timer = setTimeout(() => { if (complete()) refresh({}); }, 400);
  });

  function complete() {
    const rowsFilled = [...form.querySelectorAll(".row-line input")].every((i) => i.value.trim());
    const cards = [...form.querySelectorAll(".plays .card-input")].some((i) => i.value.trim());
    return rowsFilled && cards;
  }

  function query() {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (name !== "csrf_token" && name !== "more") params.append(name, String(value));
    }
    return params;
  }

  function addLine() {
    if (plays.children.length >= maxLines) return null;
    const line = template.content.firstElementChild.cloneNode(true);
    plays.append(line);
    grid.lineAdded(line);
    return line;
  }

  async function refresh({ scroll = false, keep = null, params = query() }) {
    const mine = ++sequence;
    params.set("partial", "1");
    let html;
    try {
      const response = await fetch(`${form.getAttribute("action")}?${params}`, {
        headers: { Accept: "text/html" }, credentials: "same-origin",
      });
      if (!response.ok) throw new Error(String(response.status));
      html = await response.text();
    } catch {
      if (scroll) form.submit();  // no answer from the server: fall back to a plain post
      return;
    }
    if (mine !== sequence) return;  // a newer change is already on its way
    const doc = new DOMParser().parseFromString(html, "text/html");
    const newResult = doc.querySelector('[data-part="result"]');
    const newError = doc.querySelector('[data-part="error"]');
    const message = newError.textContent.trim();
    form.querySelector('[data-part="error"]').replaceChildren(...newError.childNodes);
    const liveError = form.querySelector(".live-error");  // in sight of the fields being edited
    liveError.textContent = message;
    liveError.hidden = !liveError.textContent;
    result.replaceChildren(...newResult.childNodes);
    document.body.classList.toggle("has-result", result.children.length > 0);
    const share = result.querySelector("[data-share]");
    if (share) {
      const url = new URL(share.dataset.share);
      history.replaceState(null, "", url.pathname + url.search);
      setUpCopy();
    }
    if (liveError.textContent && scroll) {
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
  setUpCopy();
}
