// The offline page in the language the app was last shown in (the app keeps it in
// localStorage), and a button that tries the app again.
const chosen = (() => {
  try { return localStorage.getItem("regalia.lang"); } catch { return null; }
})();
const wanted = chosen || navigator.language || "en";
document.documentElement.lang = wanted.toLowerCase().startsWith("pt") ? "pt-BR" : "en";
document.getElementById("retry").addEventListener("click", () => location.replace("/"));
window.addEventListener("online", () => location.replace("/"));
