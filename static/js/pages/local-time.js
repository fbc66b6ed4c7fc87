// Times stored in UTC (<time datetime="…Z">, shown as "… UTC" without scripts) in the
// phone's own time zone, written the way the page's language writes dates and times.

const format = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
  dateStyle: "medium", timeStyle: "short",
});

for (const time of document.querySelectorAll("time.local-time[datetime]")) {
  const moment = new Date(time.getAttribute("datetime"));
  if (!Number.isNaN(moment.getTime())) {
    time.title = time.textContent;
    time.textContent = format.format(moment);
  }
}
