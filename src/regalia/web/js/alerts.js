// Turn alerts: a short sound when it becomes your turn and when a game ends, "(Your move) "
// at the start of the tab's title while it is your turn, and a browser notification when
// the tab is hidden and it becomes your turn. Sound is on unless turned off (remembered);
// browsers play no sound before the page was clicked, so audio starts on the first click or
// key press anywhere. Notifications are asked for only when the player clicks "Notify me".

import { h } from "./dom.js";
import { setSoundOn, soundOn } from "./store.js";
import { t } from "./i18n.js";


let audio = null;

/** Create (or wake) the audio context: only from a click or key press. */
function unlockAudio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!audio && Context) audio = new Context();
  if (audio && audio.state === "suspended") audio.resume().catch(() => {});
}
for (const kind of ["pointerdown", "keydown"]) window.addEventListener(kind, unlockAudio, { capture: true });

// Two rising notes for your turn, three for the end of a game: [frequency Hz, start s].
const TUNES = {
  turn: [[660, 0], [880, 0.12]],
  end: [[523, 0], [659, 0.13], [784, 0.26]],
};

/** Play the `turn` or `end` tune when sound is on and audio was unlocked; true if played. */
export function playSound(kind) {
  if (!soundOn() || !audio) return false;
  const start = audio.currentTime + 0.02;
  for (const [frequency, at] of TUNES[kind] || TUNES.turn) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(0.25, start + at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.11);
    osc.connect(gain).connect(audio.destination);
    osc.start(start + at);
    osc.stop(start + at + 0.12);
  }
  return true;
}

/** The tab's title, starting with "(Your move) " while it is the viewer's turn. */
export function setTitle(base, myTurn) {
  document.title = myTurn ? t("(Your move) {0}", base) : base;
}

const canNotify = () => "Notification" in window;

/** A notification when the tab is hidden (and the player allowed them). */
export function notifyHidden(title, body) {
  if (!document.hidden || !canNotify() || Notification.permission !== "granted") return false;
  try {
    const note = new Notification(title, { body, tag: "regalia-turn" });
    note.onclick = () => {
      window.focus();
      note.close();
    };
    return true;
  } catch {
    return false; // some browsers allow notifications only from a service worker
  }
}

/** The sound toggle and the "Notify me" button of a table page's header: {element,
 * setPlayer(bool)} (spectators have no turn to be told of: no "Notify me"). */
export function alertButtons() {
  let player = false;
  const sound = h("button", { type: "button", class: "sound-toggle", title: t("a short sound when it is your turn and when the game ends") });
  const showSound = () => {
    const on = soundOn();
    sound.textContent = on ? t("Sound on") : t("Sound off");
    sound.setAttribute("aria-pressed", String(on));
  };
  sound.addEventListener("click", () => {
    setSoundOn(!soundOn());
    showSound();
  });
  showSound();

  const notify = h("button", { type: "button", class: "notify-me", title: t("a notification when it is your turn and this tab is hidden") }, t("Notify me"));
  const showNotify = () => {
    notify.hidden = !player || !canNotify() || Notification.permission !== "default";
  };
  notify.addEventListener("click", async () => {
    try {
      await Notification.requestPermission();
    } catch {
      // an older browser without the promise form: nothing to do
    }
    showNotify();
  });
  showNotify();
  return {
    element: h("span", { class: "alert-buttons" }, sound, notify),
    setPlayer(isPlayer) {
      player = isPlayer;
      showNotify();
    },
  };
}
