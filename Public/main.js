// Builds the playground, the screen editor and the gallery from the server's own description of
// /render, /screen and /audit.

import { checkNames } from "./audit.js";
import { buildGallery, buildScreenGallery } from "./gallery.js";
import { Playground } from "./playground.js";
import { RenderParameters } from "./relief.js";
import { ScreenEditor } from "./screen.js";

const byID = (id) => document.getElementById(id);

async function operations() {
  const response = await fetch("/openapi.json", { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`/openapi.json answered ${response.status}`);
  const document = await response.json();
  return { render: document.paths["/render"].get, screen: document.paths["/screen"].get, audit: document.paths["/audit"].get };
}

// A server that requires signed URLs refuses the page's unsigned ones: say so instead of showing broken images.
function showSigningNotice(requirement) {
  const notice = Object.assign(document.createElement("p"), { className: "problem", textContent: requirement.description });
  for (const id of ["playground", "screen-editor"]) {
    const section = byID(id);
    section.replaceChildren(section.querySelector("h2"), notice.cloneNode(true));
  }
  byID("gallery-screens").hidden = true;
  byID("gallery-groups").textContent = "The gallery is not shown either: its images would need signed URLs.";
}

/** The screen editor on the page's elements, its settings and gallery those of `operation` (/screen's). */
function screenEditor(operation) {
  return new ScreenEditor(new RenderParameters(operation), {
    section: byID("screen-editor"),
    form: byID("screen-settings"),
    textarea: byID("screen-layout"),
    hint: byID("screen-layout-hint"),
    gutter: byID("screen-gutter"),
    lineMark: byID("screen-line-mark"),
    problem: byID("screen-problem"),
    problemText: byID("screen-problem-text"),
    goTo: byID("screen-go-to"),
    preview: byID("screen-preview"),
    canvas: byID("screen-canvas"),
    codeView: byID("screen-code-view"),
    code: byID("screen-code-text"),
    status: byID("screen-status"),
    alt: byID("screen-alt"),
    snippet: byID("screen-snippet-img"),
    openLink: byID("screen-open-image"),
    copyButton: byID("screen-editor").querySelector("button[data-what]"),
    copyStatus: byID("screen-copy-status"),
  });
}

async function main() {
  let parameters;
  let editor;
  let screen;
  const reload = "reload the page to try again.";
  try {
    const { render: operation, audit, ...others } = await operations();
    screen = others.screen;
    if (operation["x-relief-signature"]) return showSigningNotice(operation["x-relief-signature"]);
    parameters = new RenderParameters(operation);
    const playground = new Playground(parameters, {
      form: byID("parameters"),
      resetButton: byID("reset"),
      unusedNote: byID("unused-note"),
      preview: byID("preview"),
      canvas: byID("canvas"),
      status: byID("preview-status"),
      replayButton: byID("replay"),
      problem: byID("problem"),
      seeAs: byID("see-as"),
      appearances: {
        figure: byID("appearances"),
        row: byID("appearances-row"),
        status: byID("appearances-status"),
      },
      simulated: {
        figure: byID("simulated"),
        canvas: byID("simulated-canvas"),
        name: byID("simulated-name"),
        status: byID("simulated-status"),
      },
      audit: {
        section: byID("audit"),
        title: byID("audit-title"),
        summary: byID("audit-summary"),
        checks: byID("audit-checks"),
      },
      facts: {
        pixels: byID("fact-pixels"),
        points: byID("fact-points"),
        bytes: byID("fact-bytes"),
        render: byID("fact-render"),
        encode: byID("fact-encode"),
        cache: byID("fact-cache"),
      },
      codeView: {
        box: byID("code-view"),
        title: byID("code-view-title"),
        text: byID("code-view-text"),
      },
      snippets: {
        url: byID("snippet-url"),
        img: byID("snippet-img"),
        markdown: byID("snippet-markdown"),
        curl: byID("snippet-curl"),
        css: byID("snippet-css"),
        swiftui: byID("snippet-swiftui"),
      },
      imgCopyButton: byID("copy-img"),
      downloadSVG: byID("download-svg"),
      openLink: byID("open-image"),
      copyButtons: byID("playground").querySelectorAll("button[data-what]"),
      copyStatus: byID("copy-status"),
    }, checkNames(audit));
    playground.start();
  } catch (error) {
    byID("parameters").textContent = `The parameters could not be loaded (${error.message}); ${reload}`;
  }
  try {
    editor = screenEditor(screen);
    editor.start();
  } catch (error) {
    editor = undefined;
    byID("screen-settings").textContent = `The screen editor could not be loaded (${error.message}); ${reload}`;
  }
  if (editor) {
    buildScreenGallery(byID("gallery-screen-list"), editor.parameters.gallery, editor);
  } else {
    byID("gallery-screen-list").replaceWith(
      Object.assign(document.createElement("p"), { textContent: `The screens could not be loaded; ${reload}` }));
  }
  if (parameters) {
    buildGallery(byID("gallery-groups"), parameters);
  } else {
    byID("gallery-groups").textContent = `The gallery could not be loaded either; ${reload}`;
  }
}

main();
