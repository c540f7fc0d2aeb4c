// Turn alerts and move sounds: a short sound for a move, a capture, a check (a king
// attacked), your turn, low time on your clock and the end of a game, "(Your move) " at the
// start of the tab's title while it is your turn, and a browser notification when the tab is
// hidden and it becomes your turn. Every sound is synthesized here (WebAudio oscillators, no
// audio file to download). Sound is on unless turned off (remembered); browsers play no sound
// before the page was clicked, so audio starts on the first click or key press anywhere.
// Notifications are asked for only when the player clicks "Notify me".

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

// Each sound's notes: [frequency Hz, start s, waveform]. A move is one soft low note, a
// capture two falling ones, a check (a king attacked) two sharp high ones, your turn two
// rising notes, low time three quick beeps and the end of a game three notes up.
export const TUNES = Object.freeze({
  move: [[392, 0, "triangle"]],
  capture: [[294, 0, "square"], [220, 0.06, "square"]],
  check: [[988, 0, "sawtooth"], [1319, 0.08, "sawtooth"]],
  turn: [[660, 0, "sine"], [880, 0.12, "sine"]],
  low: [[1047, 0, "square"], [1047, 0.14, "square"], [1047, 0.28, "square"]],
  end: [[523, 0, "sine"], [659, 0.13, "sine"], [784, 0.26, "sine"]],
});

/** Play a sound of TUNES (`move`, `capture`, `check`, `turn`, `low`, `end`) `delay` seconds
 * from now, when sound is on and audio was unlocked; true if played. */
export function playSound(kind, delay = 0) {
  if (!soundOn() || !audio) return false;
  const start = audio.currentTime + 0.02 + delay;
  for (const [frequency, at, wave] of TUNES[kind] || TUNES.turn) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = wave;
    osc.frequency.value = frequency;
    const peak = wave === "sine" || wave === "triangle" ? 0.25 : 0.08; // harsher waves sound louder
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(peak, start + at + 0.012);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + 0.1);
    osc.connect(gain).connect(audio.destination);
    osc.start(start + at);
    osc.stop(start + at + 0.11);
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
  const sound = h("button", { type: "button", class: "sound-toggle", title: t("short sounds for moves, captures, checks, your turn, low time and the end of the game") });
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
