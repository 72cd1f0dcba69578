// The table you play on: the viewer's table (drawn by viewer/render.py, passed in as
// `data.html`) with the cards of the seat to move as buttons. A click chooses a card (a
// second click takes it back); the play is sent when as many cards are chosen as the
// trick asks for (`data.need`), or with the Play button (a lead, a throw). In the
// recorder's tray every click is sent at once: the recorder keeps the cards chosen.
// Each message names the moment it was clicked on (`data.at`). Keyboard: the cards are
// buttons (Tab, Enter, Space); Escape clears the choice.
export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  let root = parentElement.querySelector(":scope > .sj-root");
  if (!root) {
    root = document.createElement("div");
    root.className = "sj-root";
    parentElement.appendChild(root);
  }
  root.innerHTML = data.html;
  const bar = root.querySelector(".sj-confirm");
  const confirm = bar ? bar.querySelector("button.sj-play") : null;
  const clear = bar ? bar.querySelector("button.sj-clear") : null;
  const chosen = new Set();
  const cards = [...root.querySelectorAll(".sj-seat.playing button.card[data-card]")];

  const send = () => {
    const picked = cards.filter((b) => chosen.has(b)).map((b) => b.dataset.card);
    if (picked.length === 0) return;
    chosen.clear();
    update();
    // a second click before the page has answered names the same moment: Python takes
    // only the first (the moment has moved on by the second)
    setTriggerValue("play", { cards: picked, at: data.at });
  };
  const update = () => {
    cards.forEach((b) => b.setAttribute("aria-pressed", chosen.has(b) ? "true" : "false"));
    if (confirm) confirm.disabled = chosen.size === 0;
    if (clear) clear.disabled = chosen.size === 0;
  };
  cards.forEach((b) => {
    b.addEventListener("click", () => {
      if (chosen.has(b)) chosen.delete(b); else chosen.add(b);
      update();
      if (data.need > 0 && chosen.size === data.need) send();
    });
  });
  if (confirm) confirm.addEventListener("click", send);
  if (clear) clear.addEventListener("click", () => { chosen.clear(); update(); });
  root.onkeydown = (e) => {
    if (e.key === "Escape" && chosen.size) { chosen.clear(); update(); }
  };
  update();

  // the recorder: each card clicked is sent as it is clicked
  root.querySelectorAll(".sj-tray button.card[data-card]").forEach((b) => {
    b.addEventListener("click", () => {
      setTriggerValue("pick", { card: b.dataset.card, back: b.dataset.back === "1", at: data.at });
    });
  });
}
