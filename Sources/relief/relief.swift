// relief: the command line. `relief render` writes a file, `relief audit` prints an audit,
// `relief gallery` lists every component × state, `relief serve` runs the service, `relief sign` signs
// URLs, and `relief problem-files` writes the 503 answers nginx serves when no replica answers.
//
// Each command is a type of its own (`RenderCommand`, `AuditCommand`, `ServeCommand`, …) that turns
// arguments into calls of the library targets and their errors into messages and exit statuses. A
// query given here means what it means over HTTP: the same ReliefSpec parse, the same Renderer, so a
// file equals the service's answer to the same query (at the smallest encoding).
//
// It holds no rule of its own: no parameter, default, limit, check or wording lives here, only the
// command line's own options and how they map onto `ReliefApplication`'s and `HTTPServer`'s
// configuration.
