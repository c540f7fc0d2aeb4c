// The installable app and Web Push: the service worker (/sw.js, the whole site its scope)
// and this browser's push subscription for the signed-in player (docs/web.md, "Notifications").

import { ApiError } from "./api.js";
import { language, t } from "./i18n.js";
import { playerKey } from "./store.js";

/** Register the service worker (a browser without one simply has no offline page or pushes). */
export function registerWorker() {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null);
}

export function pushSupported() {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** A call of the notifications API with the player's key; its JSON (null for 204). */
export async function notifyCall(method, path, body) {
  const headers = { Accept: "application/json", "X-Lang": language() };
  const key = playerKey();
  if (key) headers["X-Player-Key"] = key;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (err) {
    throw new ApiError("network", t("the server cannot be reached ({0})", err.message), 0);
  }
  if (response.status === 204) return null;
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data && data.error) || {};
    throw new ApiError(error.code || "http", error.message || `${response.status}`, response.status);
  }
  return data;
}

function keyBytes(base64url) {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Whether this browser gets pushes: "on", "off", "denied" or "unsupported". */
export async function pushState() {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = registration && (await registration.pushManager.getSubscription());
  return subscription && Notification.permission === "granted" ? "on" : "off";
}

/** Ask for permission, subscribe with the server's VAPID key and hand the subscription over. */
export async function enablePush() {
  if ((await Notification.requestPermission()) !== "granted") throw new ApiError("denied", t("notifications are blocked in this browser"), 0);
  const registration = await navigator.serviceWorker.ready;
  const { public_key: serverKey } = await notifyCall("GET", "/api/push/key");
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(serverKey) });
  }
  await notifyCall("POST", "/api/players/me/push", { subscription: subscription.toJSON() });
}

export async function disablePush() {
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = registration && (await registration.pushManager.getSubscription());
  if (!subscription) return;
  await notifyCall("DELETE", "/api/players/me/push", { endpoint: subscription.endpoint }).catch(() => {});
  await subscription.unsubscribe();
}
