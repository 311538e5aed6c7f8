"""Teams in and out of Dugout (docs/interchange.md): a team exported as a
``dugout-team`` file, and a team imported from that file, from FUMBBL's team JSON or
from the NAFLM/OBBLM team import XML."""

from teams.interchange.export import FORMAT, VERSION, export_team
from teams.interchange.services import ImportRequest, SourceFormat, import_team
from teams.interchange.shapes import MAX_UPLOAD_BYTES, InterchangeError

__all__ = [
    "FORMAT",
    "MAX_UPLOAD_BYTES",
    "VERSION",
    "ImportRequest",
    "InterchangeError",
    "SourceFormat",
    "export_team",
    "import_team",
]
