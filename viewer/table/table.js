// The table you play on: the viewer's table (drawn by viewer/render.py, passed in as
// `data.html`) with the cards of the seat to move as buttons. A click plays a card
// where it can only be a play of its own; otherwise it chooses the card (a second click
// takes it back) and the play is sent when as many cards are chosen as the trick asks
// for (`data.need`), or with the Play button. The rule (said under the table):
//   * a follow is sent as soon as it has its `data.need` cards: a single card plays on
//     its click;
//   * on a lead a card plays on its click, unless the seat holds two of it (marked
//     `data-pair`: it may start a pair or a tractor), a choice is already under way, or
//     the Several cards switch is on (a throw): then it is chosen, and Play sends.
// In the recorder's tray every click is sent at once: the recorder keeps the cards
// chosen. Each message names the moment it was clicked on (`data.at`). Keyboard: the
// cards are buttons (Tab, Enter, Space); Escape clears the choice.
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
  const several = bar ? bar.querySelector("button.sj-several") : null;
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
  const choosing = () => several !== null && several.getAttribute("aria-pressed") === "true";
  cards.forEach((b) => {
    b.addEventListener("click", () => {
      if (data.need === 0 && chosen.size === 0 && !b.dataset.pair && !choosing()) {
        chosen.add(b); // a lead of this one card: nothing else it could start
        send();
        return;
      }
      if (chosen.has(b)) chosen.delete(b); else chosen.add(b);
      update();
      if (data.need > 0 && chosen.size === data.need) send();
    });
  });
  if (confirm) confirm.addEventListener("click", send);
  if (clear) clear.addEventListener("click", () => { chosen.clear(); update(); });
  if (several) several.addEventListener("click", () => {
    several.setAttribute("aria-pressed", choosing() ? "false" : "true");
  });
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
