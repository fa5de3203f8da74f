#!/usr/bin/env python3
"""Names the failed tests of a stage: every JUnit XML report under the given roots that is newer
than the stamp file. make test prints this after the stage times, so a CI log's tail says which
test failed, not only which stage. With --flaky REPORT.json: the tests of a Playwright JSON report
that passed only on a retry (printed on success too: a retry must not hide a flaky test)."""
import os
import sys
import xml.etree.ElementTree as ET

SKIP_DIRS = {"node_modules", ".git", ".venv", "pgdata"}


def reports(roots, since):
    for root in roots:
        for base, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS]
            for f in files:
                if f.endswith(".xml") and (f.startswith("TEST-") or "junit" in f):
                    path = os.path.join(base, f)
                    if os.path.getmtime(path) >= since:
                        yield path


def failures(path):
    try:
        tree = ET.parse(path)
    except (ET.ParseError, OSError):
        return
    for case in tree.iter("testcase"):
        for kind in ("failure", "error"):
            bad = case.find(kind)
            if bad is not None:
                # AssertJ's messages start with a bare "Expecting actual:" line: the text, collapsed
                msg = " ".join((bad.get("message") or bad.text or "").split())
                name = f"{case.get('classname', '')} > {case.get('name', '')}".strip(" >")
                # head and tail: an assertion names what it expected at the end
                yield name, (msg if len(msg) <= 400 else msg[:200] + " … " + msg[-200:]) if msg else kind
                break


def flaky(report):
    """Tests of a Playwright JSON report that failed first and passed on a retry."""
    import json

    def walk(suite, titles):
        for spec in suite.get("specs", []):
            for t in spec.get("tests", []):
                if t.get("status") == "flaky":
                    yield " > ".join(titles + [spec.get("title", "")])
        for child in suite.get("suites", []):
            yield from walk(child, titles + [child.get("title", "")])

    try:
        data = json.load(open(report))
    except (OSError, ValueError):
        return
    names = [n for s in data.get("suites", []) for n in walk(s, [s.get("title", "")])]
    if names:
        print(f"  flaky tests, failed and then passed on a retry ({len(names)}):")
        for n in names:
            print(f"    {n}")


def main():
    if sys.argv[1] == "--flaky":
        for report in sys.argv[2:]:
            flaky(report)
        return
    stamp, roots = sys.argv[1], sys.argv[2:]
    since = os.path.getmtime(stamp)
    seen = set()
    lines = []
    for path in sorted(reports(roots, since)):
        for name, msg in failures(path):
            if name not in seen:
                seen.add(name)
                lines.append(f"    {name}\n      {msg}")
    if lines:
        print(f"  failed tests ({len(lines)}):")
        print("\n".join(lines[:40]))
        if len(lines) > 40:
            print(f"    ... {len(lines) - 40} more")


if __name__ == "__main__":
    main()
