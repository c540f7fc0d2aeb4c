// Tiny DOM helpers: build HTML and SVG elements from a tag, attributes and children.

const SVG_NS = "http://www.w3.org/2000/svg";

function assign(node, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "style") {
      node.style.cssText = value; // through the CSSOM: the page's CSP refuses style attributes
    } else if (key === "text") {
      node.textContent = value;
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "Label"). */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  assign(node, attrs);
  return append(node, children);
}

/** An SVG element, same calling convention as h(). */
export function s(tag, attrs, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  assign(node, attrs);
  return append(node, children);
}

/** Replace every child of `node` with `children`. */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}
