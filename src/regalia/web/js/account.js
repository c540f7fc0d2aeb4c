// Who is playing: the header's account control and the small forms behind it. A visitor plays
// as a guest (a lasting identity the server makes at once, under a name) or signs in with a
// name and password (a fresh key for this browser); a signed-in player sees their name (a
// link to their profile), can set a password (to sign in on another device), sign out here
// or everywhere. The key itself stays in store.js; api.js and socket.js send it.

import { h, fill } from "./dom.js";
import { login, logout, myProfile, newPlayer, setPassword } from "./api.js";
import { ErrorCode } from "./protocol.js";
import { PLAYER_CHANGED, currentPlayer, forgetPlayer, playerName, signIn, updatePlayer } from "./store.js";
import { t } from "./i18n.js";
import { deleteForm } from "./deleteaccount.js";

const MAX_NAME = 24; // the server's limit for a player's name
const MIN_PASSWORD = 8;
const MAX_PASSWORD = 200;

/** A refusal in words (the server's own: "the name 'Ana' is taken; choose another"). */
const problem = (err) => err.message;

function errorLine() {
  return h("p", { class: "error form-error", role: "alert" });
}

/** Call `work()` for a form's submit, with its button disabled meanwhile and its error shown. */
function submitting(form, error, work) {
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const buttons = form.querySelectorAll("button");
    buttons.forEach((b) => { b.disabled = true; });
    try {
      await work();
    } catch (err) {
      error.textContent = problem(err);
    } finally {
      buttons.forEach((b) => { b.disabled = false; });
    }
  });
}

const cancelButton = (onCancel) =>
  onCancel ? h("button", { type: "button", class: "cancel", onclick: onCancel }, t("Cancel")) : null;

/** "Play as guest": a name (the remembered one, if any), then a new player. */
export function guestForm({ intro = t("Choose a name to play under:"), onDone = () => {}, onCancel = null, name = null } = {}) {
  const input = h("input", {
    type: "text", name: "guest-name", maxlength: MAX_NAME, required: true, autocomplete: "nickname",
    placeholder: t("Your name"), "aria-label": t("your player name"), value: (name ?? playerName()).slice(0, MAX_NAME),
  });
  const error = errorLine();
  const form = h("form", { class: "account-form guest-form" },
    h("p", {}, intro),
    h("div", { class: "account-form-row" }, input,
      h("button", { type: "submit", class: "primary" }, t("Play as guest")), cancelButton(onCancel)),
    h("p", { class: "muted hint-line" }, t("Your name is yours from now on; set a password later to play on another device.")),
    error);
  submitting(form, error, async () => {
    const answer = await newPlayer(input.value.trim());
    signIn(answer, false);
    onDone(answer);
  });
  return { form, input, error };
}

/** "Sign in": name and password, for a player who set a password. */
export function signInForm({ intro = t("Sign in with your player name and password:"), onDone = () => {}, onCancel = null } = {}) {
  const name = h("input", {
    type: "text", name: "username", maxlength: MAX_NAME, required: true, autocomplete: "username",
    placeholder: t("Player name"), "aria-label": t("player name"), value: playerName().slice(0, MAX_NAME),
  });
  const password = h("input", {
    type: "password", name: "password", maxlength: MAX_PASSWORD, required: true, autocomplete: "current-password",
    placeholder: t("Password"), "aria-label": t("password"),
  });
  const error = errorLine();
  const form = h("form", { class: "account-form sign-in-form" },
    h("p", {}, intro),
    h("div", { class: "account-form-row" }, name, password,
      h("button", { type: "submit", class: "primary" }, t("Sign in")), cancelButton(onCancel)),
    h("p", { class: "hint-line" }, h("a", { href: "#/reset" }, t("Forgot your password?"))),
    error);
  submitting(form, error, async () => {
    const answer = await login(name.value.trim(), password.value);
    password.value = "";
    signIn(answer, true);
    onDone(answer);
  });
  return { form, input: name, error };
}

/** "Set a password" (or change it: the current one is asked for once one exists). */
function passwordForm({ onDone, onCancel }) {
  const player = currentPlayer();
  const current = h("input", {
    type: "password", name: "old-password", maxlength: MAX_PASSWORD, autocomplete: "current-password",
    placeholder: t("Current password"), "aria-label": t("current password"),
  });
  const fresh = h("input", {
    type: "password", name: "new-password", minlength: MIN_PASSWORD, maxlength: MAX_PASSWORD, required: true,
    autocomplete: "new-password", placeholder: t("New password ({0}+ characters)", MIN_PASSWORD), "aria-label": t("new password"),
  });
  const currentRow = h("div", { class: "account-form-row" }, current);
  const showCurrent = (show) => {
    currentRow.hidden = !show;
    current.required = show;
  };
  showCurrent(Boolean(player && player.hasPassword));
  const error = errorLine();
  const form = h("form", { class: "account-form password-form" },
    h("p", {}, player ? t("A password lets you sign in as {0} on another device.", player.name) : t("A password lets you sign in as yourself on another device.")),
    currentRow,
    h("div", { class: "account-form-row" }, fresh,
      h("button", { type: "submit", class: "primary" }, t("Save password")), cancelButton(onCancel)),
    error);
  submitting(form, error, async () => {
    let answer;
    try {
      answer = await setPassword(fresh.value, currentRow.hidden ? null : current.value);
    } catch (err) {
      // A password exists already (set on another device): the current one is needed.
      if (err.code === ErrorCode.BAD_LOGIN && currentRow.hidden) {
        showCurrent(true);
        updatePlayer({ hasPassword: true });
        throw new Error(t("This player has a password already: give the current one too."));
      }
      throw err;
    }
    current.value = fresh.value = "";
    // A change signs out every device and answers this one's new key: keep it.
    if (answer && answer.player_key) signIn(answer, true);
    else updatePlayer({ hasPassword: true });
    onDone();
  });
  return { form, input: currentRow.hidden ? fresh : current, error };
}

/** The header's account control: the guest / sign-in choice, or the signed-in player. */
export function mountAccount(root) {
  const bar = h("div", { class: "account-bar" });
  const panel = h("div", { class: "account-panel", hidden: true });
  const said = h("p", { class: "account-note", role: "status", hidden: true });
  fill(root, bar, said, panel);
  let open = null; // which form the panel shows

  function close() {
    open = null;
    panel.hidden = true;
    fill(panel);
  }

  // A passing note ("Password saved…"): it floats over the page for a few seconds and never
  // takes a line of the header.
  let noteTimer = null;
  function note(text) {
    said.textContent = text;
    said.hidden = !text;
    clearTimeout(noteTimer);
    if (text) noteTimer = setTimeout(() => { said.hidden = true; }, 6000);
  }

  function show(which, make) {
    note("");
    if (open === which) {
      close();
      return;
    }
    open = which;
    const { form, input } = make();
    fill(panel, form);
    panel.hidden = false;
    input.focus();
  }

  const button = (label, cls, onclick, title) => h("button", { type: "button", class: cls, onclick, title }, label);

  async function playAsGuest() {
    const known = playerName().trim();
    if (!known) {
      show("guest", () => guestForm({ onDone: close, onCancel: close }));
      return;
    }
    try {
      signIn(await newPlayer(known.slice(0, MAX_NAME)), false);
    } catch (err) {
      // Taken, or not a name the server accepts: let them choose another.
      open = null;
      show("guest", () => {
        const made = guestForm({ onDone: close, onCancel: close });
        made.error.textContent = problem(err);
        return made;
      });
    }
  }

  async function signOut(everywhere) {
    try {
      await logout(everywhere);
    } catch (err) {
      if (err.code !== ErrorCode.BAD_PLAYER_KEY) {
        note(t("Not signed out: {0}", err.message));
        return;
      }
    }
    forgetPlayer();
    note(everywhere ? t("Signed out on every device.") : t("Signed out."));
  }

  function drawBar() {
    const player = currentPlayer();
    bar.dataset.player = player ? player.id : "";
    if (!player) {
      bar.classList.remove("menu-open");
      const known = playerName().trim();
      fill(bar,
        button(t("Play as guest"), "play-as-guest", playAsGuest,
          known ? t("play as {0}, a new player", known) : t("choose a name and play: no password needed")),
        button(t("Sign in"), "sign-in", () => show("sign-in", () => signInForm({ onDone: close, onCancel: close })),
          t("sign in with your player name and password")));
      return;
    }
    // On a phone the three actions hide behind "Account" (the stylesheet decides).
    const more = button(t("Account ▾"), "account-more", () => {
      const expanded = bar.classList.toggle("menu-open");
      more.setAttribute("aria-expanded", String(expanded));
    }, t("password and signing out"));
    more.setAttribute("aria-expanded", String(bar.classList.contains("menu-open")));
    fill(bar,
      h("a", { href: `#/player/${encodeURIComponent(player.id)}`, class: "account-name", title: t("your profile") }, player.name),
      more,
      button(player.hasPassword ? t("Change password") : t("Set a password"), "set-password account-action",
        () => show("password", () => passwordForm({
          onDone: () => { close(); note(t("Password saved: sign in with it on another device.")); },
          onCancel: close,
        })),
        t("so you can sign in as this player on another device")),
      button(t("Sign out"), "sign-out account-action", () => signOut(false), t("sign out in this browser")),
      button(t("Sign out everywhere"), "sign-out-everywhere account-action", () => signOut(true), t("sign out on every device")),
      button(t("Delete account"), "delete-account account-action",
        () => show("delete", () => deleteForm({
          onDone: () => { close(); note(t("Your account is deleted.")); },
          onCancel: close, submitting, errorLine, cancelButton,
        })),
        t("download your data, then delete this account")));
  }

  let shown = currentPlayer() ? currentPlayer().id : "";
  window.addEventListener(PLAYER_CHANGED, () => {
    const player = currentPlayer();
    const id = player ? player.id : "";
    if (id !== shown) close(); // another player (or none): the open form was for the last one
    shown = id;
    drawBar();
  });
  drawBar();
  // A key revoked elsewhere (signed out everywhere) is forgotten now rather than mid-game.
  if (currentPlayer()) {
    myProfile()
      .then((me) => {
        const player = currentPlayer();
        if (player && player.id === me.id && player.name !== me.name) updatePlayer({ name: me.name });
      })
      .catch(() => {}); // a refused key is already forgotten (api.js); a network error: later
  }
}
