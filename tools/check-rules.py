#!/usr/bin/env python3
"""Checks that every validity rule of include/gemmcl/ has a compile-fail test.

A rule is a static_assert whose message begins with "gemmcl" (the library's rules on policies and
calls name the type or call they concern). Its test is an entry "name|expected text" of the list
compile_fail_cases in tests/CMakeLists.txt whose expected text appears in the rule's message; the
test itself (expect_compile_error.cmake) then proves that its source is rejected by that very rule.
Static_asserts with another message, or none, are the library's own invariants (a table's entries
agree, a policy set instantiates its rules) and need no test.

Also checks that each listed case has its source, tests/compile_fail/<name>.cpp, and an expected
text without ';' (which would split the CMake list's entry).

Prints the rules without a test and exits with 0 when there are none, 1 otherwise.

  tools/check-rules.py [repository root]
"""

import re
import sys
from pathlib import Path

CASE = re.compile(r'^\s*"([A-Za-z0-9_]+)\|(.*)"\s*$')
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def static_asserts(text):
    """(line number, message) of each static_assert in C++ source text; the message is the
    concatenation of the string literals in the assertion's arguments ("" where there are none)."""
    for match in re.finditer(r"\bstatic_assert\s*\(", text):
        depth, at, literals = 1, match.end(), []
        while at < len(text) and depth > 0:
            c = text[at]
            if c == '"':
                literal = STRING.match(text, at)
                if literal is None:
                    break
                literals.append(literal.group(1))
                at = literal.end()
                continue
            if c == "'":  # a character literal: skip it whole ('"' or '(' must not count)
                end = text.find("'", at + 2 if text[at + 1] == "\\" else at + 1)
                at = end + 1 if end > 0 else at + 1
                continue
            depth += c == "("
            depth -= c == ")"
            at += 1
        yield text.count("\n", 0, match.start()) + 1, "".join(literals)


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent).resolve()
    cmake = root / "tests" / "CMakeLists.txt"
    listing = cmake.read_text(encoding="utf-8")
    start = listing.find("set(compile_fail_cases")
    if start < 0:
        print(f"check-rules: no compile_fail_cases list in {cmake}", file=sys.stderr)
        return 2
    cases = []
    for line in listing[start:].splitlines()[1:]:
        if line.strip() == ")":
            break
        match = CASE.match(line)
        if match:
            cases.append((match.group(1), match.group(2)))

    problems = []
    for name, expect in cases:
        if ";" in expect:  # CMake would split the entry in two
            problems.append(f"tests/CMakeLists.txt: case {name}: the expected text must not contain ';'")
        if not (root / "tests" / "compile_fail" / f"{name}.cpp").is_file():
            problems.append(f"tests/CMakeLists.txt: case {name} has no tests/compile_fail/{name}.cpp")

    rules = 0
    for path in sorted((root / "include" / "gemmcl").rglob("*.hpp")):
        text = path.read_text(encoding="utf-8", errors="replace")
        for line, message in static_asserts(text):
            if not message.startswith("gemmcl"):
                continue
            rules += 1
            if not any(expect in message for _, expect in cases):
                problems.append(f"{path.relative_to(root)}:{line}: no compile-fail case expects: {message[:100]}")

    for problem in problems:
        print(problem)
    print(f"check-rules: {rules} rules, {len(cases)} compile-fail cases, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
