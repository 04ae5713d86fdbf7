// ReliefAudit: the accessibility audit of a query (SPEC §9), measured on its own renders.
//
// `AccessibilityAudit` draws the component in each state it has (and, to suggest a fix, variants of
// it) through ReliefRender, measures them with ReliefAccessibility, and reports each check: its
// measured ratio or size, its threshold and WCAG criterion, pass or fail, a worded result, and a
// suggestion with the parameter values that would pass. `ScreenAudit` audits a screen (SPEC §14):
// each control by `AccessibilityAudit` on the ground beneath it, each text and icon by its colours,
// and the spacing of targets, every check naming its element's line and column in the layout.
//
// The checks, thresholds, criteria and wording live here and nowhere else. It must never know how an
// answer travels: not HTTP, routes or JSON (ReliefService encodes the audit), and it never draws or
// measures pixels itself.
