#!/usr/bin/env python3
"""Renders the byte corpus and writes or checks the SHA-256 of each answer.

usage: scripts/render-corpus.py --write MANIFEST [RELIEF_BINARY] [QUERIES]
       scripts/render-corpus.py --check MANIFEST [RELIEF_BINARY] [QUERIES]
       (defaults: .build/release/relief and Tests/corpus/render-corpus.queries;
       `make render-corpus-check` builds and checks Tests/corpus/render-corpus.sha256)

The corpus (Tests/corpus/render-corpus.queries) holds queries over every component, style, state,
format and look parameter; each is drawn by `relief render QUERY -o -`, two at a time, so that a
change meant to keep every picture can show it kept every byte. A query starting with `source=` is a
screen's (`/screen`'s query): its layout is drawn by `relief render-screen - -o - --query REST`.

A manifest line is the answer's SHA-256, two spaces and the query, in the order of QUERIES. A change
that moves an answer writes the manifest again in the same commit, so the last commit that changed
the manifest is the one whose relief draws its answers: a picture that moved can be drawn again as
it was. --write fails on a query relief refuses, writing nothing.

--check names each query whose answer differs from the manifest (or is missing from it) and exits
1. For each it writes, under OUT/NNN-QUERY/ (OUT is out/render-corpus, or RENDER_CORPUS_OUT; emptied
first), the new answer, the old one drawn again, and their difference: for a PNG, diff.png (the
per-pixel difference amplified, by scripts/image-diff.py) with the largest and mean error printed;
for text, unified.diff. The old answers come from RENDER_CORPUS_OLD_RELIEF when it names a binary,
else from a relief built (`swift build -c RENDER_CORPUS_OLD_CONFIG --product relief`, default
release) in a git worktree of that commit under /tmp, made only when an answer differs and kept
for the next run.
"""

import base64
import concurrent.futures
import difflib
import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path
from urllib.parse import parse_qsl

SCRIPTS = Path(__file__).resolve().parent
# Renders at once: the two cores the corpus has always been run on.
JOBS = 2
# `format` values whose file extension is not the value itself.
EXTENSIONS = {"swiftui": "swift"}


class Refused(Exception):
    """`relief render` failed for a query: its status and what it wrote on standard error."""

    def __init__(self, query, status, stderr):
        super().__init__(f"relief render refused {query}: status {status}: {stderr.strip()}")
        self.query, self.status, self.stderr = query, status, stderr


class Trouble(Exception):
    """Something outside the corpus stopped the run: no binary, no manifest, an unclean checkout."""


# ---------------------------------------------------------------------------------------------------
# Files


def read_queries(path):
    """The non-empty lines of the queries file, in order."""
    return [line for line in Path(path).read_text().split("\n") if line]


def read_manifest(path):
    """A manifest's hashes by query, in order."""
    hashes = {}
    for line in Path(path).read_text().split("\n"):
        if line:
            digest, _, query = line.partition("  ")
            hashes[query] = digest
    return hashes


def manifest_text(answers):
    """The manifest of `answers` (query, bytes)."""
    return "".join(f"{hashlib.sha256(answer).hexdigest()}  {query}\n" for query, answer in answers)


def file_extension(query):
    """The extension of the file a query's answer is: its `format`, png by default."""
    formats = [value for name, value in parse_qsl(query, keep_blank_values=True) if name == "format"]
    value = formats[0] if formats else "png"
    return EXTENSIONS.get(value, value)


def folder_name(number, query, longest=80):
    """`017-component=button_style=dark`: the query's line number and its words, safe in a path."""
    words = re.sub(r"[^A-Za-z0-9=.,-]+", "_", query).strip("_")[:longest]
    return f"{number:03d}-{words}"


# ---------------------------------------------------------------------------------------------------
# Drawing


def render(relief, query):
    """The bytes `relief render QUERY -o -` writes, or for a screen's query (`source=…&rest`) those
    `relief render-screen - -o - --query REST` writes of the layout it carries; raises ``Refused`` when
    it fails."""
    if query.startswith("source="):
        source, _, rest = query.partition("&")
        encoded = source.removeprefix("source=")
        layout = zlib.decompress(base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)), -15)
        command = [str(relief), "render-screen", "-", "-o", "-", "--query", rest]
        result = subprocess.run(command, input=layout, capture_output=True)
    else:
        result = subprocess.run([str(relief), "render", query, "-o", "-"], capture_output=True)
    if result.returncode != 0:
        raise Refused(query, result.returncode, result.stderr.decode(errors="replace"))
    return result.stdout


def render_all(relief, queries):
    """Each query with its answer or its ``Refused``, in order, ``JOBS`` at a time."""

    def attempt(query):
        try:
            return render(relief, query)
        except Refused as refusal:
            return refusal

    with concurrent.futures.ThreadPoolExecutor(max_workers=JOBS) as pool:
        return list(zip(queries, pool.map(attempt, queries)))


# ---------------------------------------------------------------------------------------------------
# The checkout and the old relief


def git(*arguments, cwd="."):
    """The output of a git command, stripped; raises ``Trouble`` when it fails."""
    result = subprocess.run(["git", *arguments], cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise Trouble(f"git {' '.join(arguments)} failed: {result.stderr.strip()}")
    return result.stdout.strip()


def drawing_commit(manifest):
    """The commit whose relief drew the manifest: the last that changed it."""
    last = git("log", "-1", "--format=%H", "--", str(manifest))
    if not last:
        raise Trouble(f"git has no commit of {manifest}, so nothing can draw its answers again")
    return last


def old_relief(manifest):
    """A relief that draws as the manifest's answers were drawn: RENDER_CORPUS_OLD_RELIEF, or one built
    at the commit that drew them (``drawing_commit``) in a worktree under /tmp (kept: a second run
    reuses it)."""
    given = os.environ.get("RENDER_CORPUS_OLD_RELIEF")
    if given:
        return Path(given)
    commit = drawing_commit(manifest)
    config = os.environ.get("RENDER_CORPUS_OLD_CONFIG", "release")
    worktree = Path(tempfile.gettempdir()) / f"relief-corpus-{commit[:12]}"
    binary = worktree / ".build" / config / "relief"
    if binary.exists():
        return binary
    if not worktree.exists():
        print(f"render-corpus: checking out {commit[:12]} in {worktree} to draw the old answers", file=sys.stderr)
        git("worktree", "add", "--detach", str(worktree), commit)
    print(f"render-corpus: building relief ({config}) at {commit[:12]} in {worktree}", file=sys.stderr)
    swift = os.environ.get("SWIFT", "swift")
    build = subprocess.run([swift, "build", "-c", config, "--product", "relief"], cwd=worktree)
    if build.returncode != 0 or not binary.exists():
        raise Trouble(f"could not build relief at {commit[:12]} in {worktree}")
    return binary


# ---------------------------------------------------------------------------------------------------
# How an answer moved


def _image_diff():
    """scripts/image-diff.py as a module."""
    spec = importlib.util.spec_from_file_location("image_diff", SCRIPTS / "image-diff.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def text_difference(old, new, old_name, new_name):
    """The unified diff of two texts (UTF-8, undecodable bytes replaced)."""
    return "".join(
        difflib.unified_diff(
            old.decode(errors="replace").splitlines(keepends=True),
            new.decode(errors="replace").splitlines(keepends=True),
            fromfile=old_name,
            tofile=new_name,
        )
    )


def write_mismatch(folder, query, new, old, manifest_hash):
    """Writes the new and old answers of `query` and their difference into `folder`; returns the lines
    that say what moved. `old` is the old answer's bytes, or why there is none: the old relief's
    ``Refused``, or the ``Trouble`` that kept it from being built."""
    folder.mkdir(parents=True)
    extension = file_extension(query)
    (folder / "query.txt").write_text(query + "\n")
    new_path = folder / f"new.{extension}"
    new_path.write_bytes(new)
    lines = [f"  new:  {new_path}"]
    if isinstance(old, Exception):
        return lines + [f"  old:  not drawn: {old}"]
    old_path = folder / f"old.{extension}"
    old_path.write_bytes(old)
    lines.append(f"  old:  {old_path}")
    if manifest_hash and hashlib.sha256(old).hexdigest() != manifest_hash:
        lines.append("  note: the old relief's answer is not the one the manifest records either")
    if old[:8] == b"\x89PNG\r\n\x1a\n" and new[:8] == b"\x89PNG\r\n\x1a\n":
        diff_path = folder / "diff.png"
        difference = _image_diff().compare(old_path, new_path, diff_path)
        lines.append(f"  diff: {diff_path}: {difference.summary()}")
    else:
        diff_path = folder / "unified.diff"
        diff = text_difference(old, new, old_path.name, new_path.name)
        diff_path.write_text(diff)
        changed = sum(1 for line in diff.split("\n")[2:] if line[:1] in ("+", "-"))
        lines.append(f"  diff: {diff_path}: {changed} lines changed" if diff else f"  diff: {diff_path}: same text")
    return lines


# ---------------------------------------------------------------------------------------------------


def write(manifest, relief, queries):
    """--write: every answer's hash, or nothing when a query is refused."""
    answers = render_all(relief, queries)
    refused = [answer for _, answer in answers if isinstance(answer, Refused)]
    if refused:
        for refusal in refused:
            print(f"render-corpus: {refusal}", file=sys.stderr)
        print(f"render-corpus: {len(refused)} queries refused; {manifest} not written", file=sys.stderr)
        return 1
    Path(manifest).write_text(manifest_text(answers))
    print(f"render-corpus: wrote {len(answers)} hashes to {manifest}")
    return 0


def check(manifest, relief, queries):
    """--check: names each answer that differs from the manifest and writes what moved."""
    hashes = read_manifest(manifest)
    answers = render_all(relief, queries)
    moved = [
        (number, query, answer)
        for number, (query, answer) in enumerate(answers, start=1)
        if isinstance(answer, Refused) or hashlib.sha256(answer).hexdigest() != hashes.get(query)
    ]
    if not moved:
        print(f"render-corpus: all {len(answers)} answers match {manifest}")
        return 0
    out = Path(os.environ.get("RENDER_CORPUS_OUT", "out/render-corpus"))
    shutil.rmtree(out, ignore_errors=True)
    print(f"render-corpus: {len(moved)} of {len(answers)} answers differ from {manifest}:", file=sys.stderr)
    old = None  # the old relief, or the Trouble that kept it from being made, once asked for
    for number, query, answer in moved:
        print(f"{number:3d} {query}", file=sys.stderr)
        if isinstance(answer, Refused):
            print(f"  now refused: {answer.stderr.strip()}", file=sys.stderr)
            continue
        if query not in hashes:
            print("  not in the manifest", file=sys.stderr)
        if old is None:
            try:
                old = old_relief(manifest)
            except Trouble as trouble:
                old = trouble
        try:
            old_answer = old if isinstance(old, Trouble) else render(old, query)
        except Refused as refusal:
            old_answer = refusal
        for line in write_mismatch(out / folder_name(number, query), query, answer, old_answer, hashes.get(query)):
            print(line, file=sys.stderr)
    return 1


def main(arguments):
    if len(arguments) < 2 or len(arguments) > 4 or arguments[0] not in ("--write", "--check"):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    mode, manifest = arguments[0], arguments[1]
    relief = Path(arguments[2] if len(arguments) > 2 else ".build/release/relief")
    queries_path = arguments[3] if len(arguments) > 3 else "Tests/corpus/render-corpus.queries"
    if not os.access(relief, os.X_OK):
        print(f"render-corpus: no executable at {relief} (build it with 'make binary')", file=sys.stderr)
        return 1
    try:
        queries = read_queries(queries_path)
        if mode == "--write":
            return write(manifest, relief, queries)
        if not Path(manifest).is_file():
            raise Trouble(f"cannot read the manifest {manifest}")
        return check(manifest, relief, queries)
    except OSError as error:
        print(f"render-corpus: {error}", file=sys.stderr)
        return 1
    except Trouble as trouble:
        print(f"render-corpus: {trouble}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
