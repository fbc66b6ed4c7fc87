// A page opened through its link keeps its game or tournament on this phone's list: the
// page's form (templates/_keep.html) is posted here with its CSRF token, and the button
// is shown again only when that fails (no connection), for the player to try. Where
// scripts run, site.css hides the form from the first paint (data-keep=""), so the page
// does not move when it goes; "again" shows it.
const form = document.querySelector("form[data-keep]");

async function keep(target) {
  target.hidden = true;
  try {
    const answer = await fetch(target.action, {
      method: "POST",
      body: new FormData(target),
      headers: { Accept: "application/json" },
      credentials: "same-origin",
    });
    target.hidden = answer.ok;
  } catch {
    target.hidden = false;
  }
  if (!target.hidden) target.dataset.keep = "again";
}

if (form) keep(form);
