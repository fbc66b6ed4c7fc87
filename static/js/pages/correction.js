// A correction's own page is for a phone without scripts. With them, a deal is corrected on
// the score sheet, where the phone writes it to the game it keeps before anything else
// (sheet/page.js opens the correction for the deal named after "#correct-").
const script = document.querySelector("script[data-sheet]");
if (script) window.location.replace(script.dataset.sheet);
