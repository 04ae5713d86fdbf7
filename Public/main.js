// Builds the playground and the gallery from the server's own description of /render and /audit.

import { checkNames } from "./audit.js";
import { buildGallery } from "./gallery.js";
import { Playground } from "./playground.js";
import { RenderParameters } from "./relief.js";

const byID = (id) => document.getElementById(id);

async function operations() {
  const response = await fetch("/openapi.json", { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`/openapi.json answered ${response.status}`);
  const document = await response.json();
  return { render: document.paths["/render"].get, audit: document.paths["/audit"].get };
}

// A server that requires signed URLs refuses the page's unsigned ones: say so instead of showing broken images.
function showSigningNotice(requirement) {
  const notice = Object.assign(document.createElement("p"), { className: "problem", textContent: requirement.description });
  const playground = byID("playground");
  playground.replaceChildren(playground.querySelector("h2"), notice);
  byID("gallery-groups").textContent = "The gallery is not shown either: its images would need signed URLs.";
}

async function main() {
  let parameters;
  try {
    const { render: operation, audit } = await operations();
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
      copyButtons: document.querySelectorAll("button[data-what]"),
      copyStatus: byID("copy-status"),
    }, checkNames(audit));
    playground.start();
  } catch (error) {
    byID("parameters").textContent = `The parameters could not be loaded (${error.message}); reload the page to try again.`;
  }
  if (parameters) {
    buildGallery(byID("gallery-groups"), parameters);
  } else {
    byID("gallery-groups").textContent = "The gallery could not be loaded either; reload the page to try again.";
  }
}

main();
