#!/usr/bin/env bash
# Renders the byte corpus (Tests/corpus/render-corpus.queries: queries over every component,
# style, state, format and look parameter) through `relief render` and writes or checks the SHA-256
# of each answer, so that a change meant to keep every picture can show it kept every byte.
#
# Usage: scripts/render-corpus.sh --write MANIFEST [RELIEF_BINARY] [QUERIES]
#        scripts/render-corpus.sh --check MANIFEST [RELIEF_BINARY] [QUERIES]
#        (defaults: .build/release/relief and Tests/corpus/render-corpus.queries;
#        `make corpus-check` builds and checks Tests/corpus/render-corpus.sha256)
#
# A manifest line is the answer's SHA-256, two spaces and the query, in the order of QUERIES.
# --check prints each query whose answer differs (or that is missing from the manifest) and exits 1.
# Renders run two at a time; each answer is hashed from standard output, so nothing is left on disk.
set -euo pipefail

usage() {
    sed -n 's/^# Usage: //p; s/^#        //p' "$0" | head -2 >&2
    exit 2
}

[[ $# -ge 2 ]] || usage
mode="$1"
manifest="$2"
relief="${3:-.build/release/relief}"
queries="${4:-Tests/corpus/render-corpus.queries}"
[[ "$mode" == --write || "$mode" == --check ]] || usage
[[ -x "$relief" ]] || { echo "render-corpus: no executable at $relief (build it with 'make binary')" >&2; exit 1; }
[[ -r "$queries" ]] || { echo "render-corpus: cannot read the queries in $queries" >&2; exit 1; }

# One line per query, `hash  query`, in the order of the queries (xargs -P keeps no order, so
# each line carries its number and is sorted back).
export RELIEF="$relief"
rendered="$(grep -v '^$' "$queries" | nl -ba -w1 -s$'\t' | xargs -d '\n' -P 2 -n 1 bash -c '
    number="${1%%$'"'"'\t'"'"'*}"
    query="${1#*$'"'"'\t'"'"'}"
    hash="$("$RELIEF" render "$query" -o - | sha256sum)" || { echo "render-corpus: relief render failed for $query" >&2; exit 255; }
    printf "%s\t%s  %s\n" "$number" "${hash%% *}" "$query"
' _ | sort -n | cut -f2-)"

if [[ "$mode" == --write ]]; then
    printf '%s\n' "$rendered" >"$manifest"
    echo "render-corpus: wrote $(wc -l <"$manifest") hashes to $manifest"
    exit 0
fi

[[ -r "$manifest" ]] || { echo "render-corpus: cannot read the manifest $manifest" >&2; exit 1; }
differing="$(comm -23 <(printf '%s\n' "$rendered" | sort) <(sort "$manifest") | sed 's/^[0-9a-f]*  //')"
if [[ -n "$differing" ]]; then
    echo "render-corpus: $(wc -l <<<"$differing") of $(wc -l <<<"$rendered") answers differ from $manifest:" >&2
    sed 's/^/  /' <<<"$differing" >&2
    exit 1
fi
echo "render-corpus: all $(wc -l <<<"$rendered") answers match $manifest"
