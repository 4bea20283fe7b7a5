"""Mission files: read and write mission-format.md (version 1) safely.

    load_mission(path) / loads_mission(text, source) -> Mission
    dumps_mission(mission) -> str;  save_mission(mission, path)  (atomic)
    share_code.encode(mission) -> str;  share_code.decode(code) -> Mission
                                        (a whole mission as one line of text)

Anything wrong with a file is one MissionLoadError "FILE:LINE:COL: message".
"""
from .compose import MAX_BYTES, MAX_DEPTH, MAX_NODES  # noqa: F401
from .errors import MissionLoadError  # noqa: F401
from .reader import load_mission, loads_mission  # noqa: F401
from .writer import dumps_mission, file_has_comments, has_comments, mission_data, save_mission  # noqa: F401

__all__ = ["MissionLoadError", "load_mission", "loads_mission", "dumps_mission", "save_mission"]
