"""The validator's findings said for people: a finding printed as a compiler prints an
error (:func:`format_finding`), why a file could not be read (:func:`unreadable_reason`),
and how many findings of each severity (:func:`severity_counts`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from notation.errors import SourceError
from notation.files import FileError
from notation.findings import Finding, Severity, clause_line
from notation.messages import Message, msg

if TYPE_CHECKING:  # the validator says why a file is unreadable with unreadable_reason
    from notation.validate import FileReport

__all__ = ["format_finding", "severity_counts", "unreadable_reason"]


def unreadable_reason(error: FileError) -> Message:
    """Why a file could not be read, in a few words (``no such file``), without its path."""
    return error.reason


def format_finding(
    finding: Finding,
    path: str,
    source: str | None,
    first_line: int | None = None,
    lang: str = "en",
) -> str:
    """A finding as a compiler would print it: location, code, message, the line, a caret;
    in ``lang`` (en or zh).

    ``source`` is the text the finding is in, its first line numbered ``first_line``
    (a hand's text); without ``first_line`` it is the finding's line alone. A long line
    is shown as a window around the column.
    """
    severity = msg(f"severity.{finding.severity.value}").render(lang)
    head = f"{path}:{finding.line}:{finding.column}: {severity}: {finding.code}: "
    head += msg("finding.where", message=finding.text, where=finding.where(lang)).render(lang)
    context = ""
    if source is not None:
        excerpt = SourceError(
            "",
            source=source,
            first_line=finding.line if first_line is None else first_line,
            line=finding.line,
            column=finding.column,
            width=finding.width,
        )
        context = excerpt.context()
    lines = [head]
    if context and finding.line:
        lines.append(context)
    if finding.clause is not None:
        lines.append(msg("finding.rule", clause=clause_line(finding.clause, lang)).render(lang))
    penalty = finding.penalty_in(lang)
    if penalty:
        lines.append(msg("finding.penalty", penalty=penalty).render(lang))
    return "\n".join(lines)


def severity_counts(reports: Iterable[FileReport]) -> dict[str, int]:
    """How many findings of each severity."""
    counts = {s.value: 0 for s in Severity}
    for report in reports:
        for f in report.findings:
            counts[f.severity.value] += 1
    return counts
