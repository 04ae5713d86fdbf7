"""scripts/render-corpus.py against a fake relief: a small script that answers PNGs and SVGs the way
an older or a newer relief would, so no Swift build is needed. Each test runs the script in a git
repository of its own, as `make render-corpus-check` runs it in the checkout."""

import hashlib
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"
SCRIPT = SCRIPTS / "render-corpus.py"
_spec = importlib.util.spec_from_file_location("render_corpus", SCRIPT)
render_corpus = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(render_corpus)

# Answers a PNG of 4 × 4 pixels, or an SVG for format=svg; the newer relief draws a query holding
# `moves` differently (one pixel 30 levels redder, or another SVG group) and the query `refused` is
# refused by both.
FAKE_RELIEF = """#!{python}
import io, sys
from PIL import Image
variant = {variant!r}
query = sys.argv[2]
if sys.argv[1] != "render" or sys.argv[3:] != ["-o", "-"]:
    sys.exit("unexpected arguments: " + " ".join(sys.argv[1:]))
if "refused" in query:
    print("relief render: refused: unknown parameter", file=sys.stderr)
    sys.exit(2)
moved = variant == "new" and "moves" in query
if "format=svg" in query:
    group = "<g>moved</g>" if moved else "<g>still</g>"
    sys.stdout.write("<svg>\\n<title>" + query + "</title>\\n" + group + "\\n</svg>\\n")
else:
    image = Image.new("RGBA", (4, 4), (10, 20, 30, 255))
    if moved:
        image.putpixel((1, 2), (40, 20, 30, 255))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    sys.stdout.buffer.write(buffer.getvalue())
"""

QUERIES = ["style=light", "style=dark&moves", "format=svg&moves", "format=svg"]


def fake_relief(path, variant):
    path.write_text(FAKE_RELIEF.format(python=sys.executable, variant=variant))
    path.chmod(0o755)
    return path


def answer(relief, query):
    return subprocess.run([str(relief), "render", query, "-o", "-"], capture_output=True, check=True).stdout


def git(repository, *arguments):
    return subprocess.run(
        ["git", "-c", "user.name=corpus", "-c", "user.email=corpus@example.org", *arguments],
        cwd=repository,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


@pytest.fixture
def checkout(tmp_path):
    """A git repository with committed Sources, the corpus's queries and both fake reliefs."""
    repository = tmp_path / "checkout"
    (repository / "Sources").mkdir(parents=True)
    (repository / "Sources" / "Renderer.swift").write_text("let version = 1\n")
    (repository / "queries").write_text("\n".join(QUERIES) + "\n")
    git(repository, "init", "-q")
    git(repository, "add", ".")
    git(repository, "commit", "-q", "-m", "first")
    return repository


def run(checkout, *arguments, **environment):
    """The script run in `checkout`, temporary files under it; its status, output and errors."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("RENDER_CORPUS_")}
    env.update(TMPDIR=str(checkout.parent), **environment)
    result = subprocess.run(
        [sys.executable, str(SCRIPT), *map(str, arguments)], cwd=checkout, capture_output=True, text=True, env=env
    )
    return result.returncode, result.stdout, result.stderr


def write_manifest(checkout, relief):
    status, _, errors = run(checkout, "--write", "manifest", relief, "queries")
    assert status == 0, errors
    return checkout / "manifest"


# ---------------------------------------------------------------------------------------------------
# --write


def test_write_records_each_answers_hash_in_order(checkout, tmp_path):
    old = fake_relief(tmp_path / "old-relief", "old")
    manifest = write_manifest(checkout, old)
    lines = manifest.read_text().split("\n")
    assert lines[:-1] == [f"{hashlib.sha256(answer(old, query)).hexdigest()}  {query}" for query in QUERIES]
    assert lines[-1] == ""


def test_write_fails_on_a_refused_query_and_writes_nothing(checkout, tmp_path):
    (checkout / "queries").write_text("style=light\nstyle=refused\n")
    git(checkout, "commit", "-q", "-am", "a refused query")
    status, _, errors = run(checkout, "--write", "manifest", fake_relief(tmp_path / "relief", "old"), "queries")
    assert status == 1
    assert "style=refused" in errors and "unknown parameter" in errors
    assert "not written" in errors
    assert not (checkout / "manifest").exists()


# ---------------------------------------------------------------------------------------------------
# --check


def test_check_passes_when_every_answer_matches(checkout, tmp_path):
    relief = fake_relief(tmp_path / "old-relief", "old")
    manifest = write_manifest(checkout, relief)
    status, output, _ = run(checkout, "--check", manifest, relief, "queries")
    assert status == 0
    assert f"all {len(QUERIES)} answers match" in output
    assert not (checkout / "out").exists()


def test_check_names_each_moved_query_and_writes_old_new_and_difference(checkout, tmp_path):
    old = fake_relief(tmp_path / "old-relief", "old")
    new = fake_relief(tmp_path / "new-relief", "new")
    manifest = write_manifest(checkout, old)
    stale = checkout / "out" / "render-corpus" / "999-stale"
    stale.mkdir(parents=True)

    status, _, errors = run(checkout, "--check", manifest, new, "queries", RENDER_CORPUS_OLD_RELIEF=str(old))

    assert status == 1
    assert "2 of 4 answers differ" in errors
    assert "  2 style=dark&moves" in errors and "  3 format=svg&moves" in errors
    out = checkout / "out" / "render-corpus"
    assert sorted(path.name for path in out.iterdir()) == ["002-style=dark_moves", "003-format=svg_moves"]

    png = out / "002-style=dark_moves"
    assert (png / "query.txt").read_text() == "style=dark&moves\n"
    assert (png / "old.png").read_bytes() == answer(old, "style=dark&moves")
    assert (png / "new.png").read_bytes() == answer(new, "style=dark&moves")
    difference = Image.open(png / "diff.png")
    pixels = {(x, y): difference.getpixel((x, y)) for y in range(4) for x in range(4)}
    assert pixels == {place: 255 if place == (1, 2) else 0 for place in pixels}
    # One channel of one pixel of 16 is 30 levels off: 30 / 64 on average.
    assert "max error 30/255, mean error 0.4688/255, 1 of 16 pixels differ" in errors

    svg = out / "003-format=svg_moves"
    assert (svg / "old.svg").read_bytes() == answer(old, "format=svg&moves")
    diff = (svg / "unified.diff").read_text()
    assert "--- old.svg\n+++ new.svg\n" in diff
    assert "-<g>still</g>\n+<g>moved</g>\n" in diff
    assert "2 lines changed" in errors


def test_check_names_queries_missing_from_the_manifest_and_those_now_refused(checkout, tmp_path):
    relief = fake_relief(tmp_path / "old-relief", "old")
    manifest = write_manifest(checkout, relief)
    (checkout / "queries").write_text("style=light\nstyle=sepia\nstyle=refused\n")
    status, _, errors = run(checkout, "--check", manifest, relief, "queries", RENDER_CORPUS_OLD_RELIEF=str(relief))
    assert status == 1
    assert "2 of 3 answers differ" in errors
    assert "  2 style=sepia\n  not in the manifest" in errors
    assert "  3 style=refused\n  now refused: relief render: refused: unknown parameter" in errors


def test_check_builds_the_old_relief_at_the_manifests_commit_in_a_worktree(checkout, tmp_path):
    """A fake `swift build` copies the checkout's `relief` into .build/CONFIG: the old relief is the
    one committed with the manifest, not the one of HEAD."""
    fake_relief(checkout / "relief", "old")
    manifest = write_manifest(checkout, checkout / "relief")
    git(checkout, "add", "relief", "manifest")
    git(checkout, "commit", "-q", "-m", "the old relief and its manifest")
    recorded = git(checkout, "rev-parse", "HEAD")
    fake_relief(checkout / "relief", "new")
    git(checkout, "commit", "-q", "-am", "the new relief")
    swift = tmp_path / "swift"
    swift.write_text(
        '#!/bin/sh\n[ "$1 $2 $3 $4 $5" = "build -c debug --product relief" ] || exit 3\n'
        'mkdir -p .build/debug && cp relief .build/debug/relief && echo "$(pwd)" >>"$BUILDS"\n'
    )
    swift.chmod(0o755)
    builds = tmp_path / "builds"

    for _ in range(2):
        status, _, errors = run(
            checkout, "--check", manifest, checkout / "relief", "queries",
            SWIFT=str(swift), RENDER_CORPUS_OLD_CONFIG="debug", BUILDS=str(builds),
        )
        assert status == 1, errors
        assert "max error 30/255" in errors

    worktree = tmp_path / f"relief-corpus-{recorded[:12]}"
    # Built once, at the recorded commit, and kept for the second run.
    assert builds.read_text() == f"{worktree}\n"
    assert git(worktree, "rev-parse", "HEAD") == recorded
    old_png = checkout / "out" / "render-corpus" / "002-style=dark_moves" / "old.png"
    assert old_png.read_bytes() == answer(worktree / "relief", "style=dark&moves")


def test_the_commit_that_drew_a_manifest_is_the_last_that_changed_it(checkout, tmp_path):
    manifest = write_manifest(checkout, fake_relief(tmp_path / "relief", "old"))
    git(checkout, "add", "manifest")
    git(checkout, "commit", "-q", "-m", "the manifest")
    written = git(checkout, "rev-parse", "HEAD")
    (checkout / "Sources" / "Renderer.swift").write_text("let version = 2\n")
    git(checkout, "commit", "-q", "-am", "later")
    previous = Path.cwd()
    os.chdir(checkout)
    try:
        assert list(render_corpus.read_manifest("manifest")) == QUERIES
        assert render_corpus.drawing_commit("manifest") == written
    finally:
        os.chdir(previous)


# ---------------------------------------------------------------------------------------------------
# Names and the difference of images


@pytest.mark.parametrize(
    "query, extension",
    [("style=dark", "png"), ("format=svg", "svg"), ("format=swiftui&style=dark", "swift"), ("label=a%26b&format=css", "css")],
)
def test_an_answers_file_extension_is_its_format(query, extension):
    assert render_corpus.file_extension(query) == extension


def test_a_folder_name_is_the_line_number_and_the_query_safe_in_a_path():
    assert render_corpus.folder_name(7, "component=button&style=dark") == "007-component=button_style=dark"
    assert render_corpus.folder_name(12, "label=%E2%80%AE/../x") == "012-label=_E2_80_AE_.._x"
    assert len(render_corpus.folder_name(1, "label=" + "x" * 500)) == 4 + 80


def test_images_of_different_sizes_are_compared_on_the_larger_canvas(tmp_path):
    _image_diff_spec = importlib.util.spec_from_file_location("image_diff", SCRIPTS / "image-diff.py")
    image_diff = importlib.util.module_from_spec(_image_diff_spec)
    _image_diff_spec.loader.exec_module(image_diff)
    Image.new("RGBA", (2, 2), (0, 0, 0, 255)).save(tmp_path / "old.png")
    Image.new("RGBA", (3, 2), (0, 0, 0, 255)).save(tmp_path / "new.png")
    difference = image_diff.compare(tmp_path / "old.png", tmp_path / "new.png", tmp_path / "diff.png", gain=1)
    assert difference.max_error == 255 and difference.differing_pixels == 2 and difference.pixels == 6
    assert "size 2x2 -> 3x2" in difference.summary()
    assert Image.open(tmp_path / "diff.png").size == (3, 2)
