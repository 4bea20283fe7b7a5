"""The mission's file: new, open, save, save as, recent files, files dropped
on the window, a prompt before unsaved changes are lost, and autosave.

Autosave: a few seconds after each change (AUTOSAVE_DELAY_MS after the last
of a burst of edits), the mission is written to the user's data folder
(QStandardPaths) as `autosave/<session>.yaml`, beside a small `.json` with
where it came from. A crash loses at most those few seconds. An autosave
that fails stays shown in the status bar until one succeeds or the mission
is saved.
Each running editor holds a lock file for its session; at start, an
autosave whose lock nobody holds was left by an editor that did not close
normally, and the user is offered to recover it. A clean close removes its
autosave.

A file that cannot be loaded shows `FILE:LINE:COL: message` in a dialog, the
message in the interface's language, and leaves the open mission untouched.

Nothing is overwritten unasked: the open file's stamp (modification time,
size, identity: io/disk.py) is kept from when it was read or saved, and the
file is watched (QFileSystemWatcher). Changed on disk by another program
(or another editor window), the editor offers to reload it; Save over a file
changed since, or over a read-only file, asks first. Temporary files that
killed saves left beside the open file are removed when it is opened.
"""
from __future__ import annotations

import json
import os
import time
import uuid
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QLockFile, QObject, QStandardPaths, QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox

from ..games import KILL_TEAM
from ..shown import MAX_MESSAGE, shown
from . import settings
from .i18n import new_mission, say

AUTOSAVE_DELAY_MS = 3_000   # after the last change of a burst
DISK_SETTLE_MS = 300        # another program's save may touch the file several times
MAX_RECENT = settings.MAX_RECENT


def data_dir() -> Path:
    """The user's data folder for this program (autosaves live here)."""
    loc = QStandardPaths.writableLocation(QStandardPaths.AppDataLocation)
    return Path(loc or Path.home() / ".layout-editor")


def documents_dir() -> Path:
    """The user's documents folder when it exists, else the home folder
    (a file dialog given a folder that does not exist opens in the
    program's working folder: issue 24)."""
    loc = QStandardPaths.writableLocation(QStandardPaths.DocumentsLocation)
    return Path(loc) if loc and Path(loc).is_dir() else Path.home()


def save_start_dir() -> Path:
    """Where Save As starts for a mission that has no folder of the user's
    yet (a new one, one from the library or a share code): the folder last
    saved to, else the documents folder; never the program's."""
    return settings.save_folder() or documents_dir()


def in_library(path) -> bool:
    """True for a mission file that ships with the program (mission_library/).
    The editor never writes one back: Save asks for a place of the user's."""
    from ..catalogue import mission_library_dir
    library = mission_library_dir()
    if path is None or library is None:
        return False
    try:
        return Path(path).resolve().is_relative_to(library.resolve())
    except OSError:
        return False


def autosave_dir() -> Path:
    return data_dir() / "autosave"


def load_problem(error) -> str:
    """Where and why a mission file cannot be used (a MissionLoadError), as the
    editor shows it: FILE:LINE:COL in front, the reason in the interface's
    language (str(error) is the English the command line prints). Escaped and
    cut like every message (shown.py): a dialog of a 4 MB value stays small."""
    return shown(f"{shown(error.path, 500)}:{error.line}:{error.column}: {say(error.phrase)}", MAX_MESSAGE)



def _why(error: OSError) -> str:
    """Why a file was not written: a refusal (io.disk.WriteRefused) in the
    editor's language, else the system's own words."""
    phrase = getattr(error, "phrase", None)
    return say(phrase) if phrase is not None else str(error.strerror or error)

class FileController(QObject):
    def __init__(self, window, autosave: bool = True):
        super().__init__(window)
        self.window = window
        self.document = window.document
        self._session = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self._lock: QLockFile | None = None
        self._autosaved_index = None
        self._build_actions()
        # Autosave, debounced: each change (re)starts the countdown.
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(AUTOSAVE_DELAY_MS)
        self.timer.timeout.connect(self.autosave)
        self._autosave_on = autosave
        # After the undo stack moved (an edit, undo, redo): `modified` is
        # up to date then, unlike during the edit's own change signal.
        self.document.undo_stack.indexChanged.connect(self._changed)
        # An autosave that failed stays in the status bar until resolved.
        self.autosave_problem = QLabel(window)
        self.autosave_problem.setObjectName("autosaveProblem")
        self.autosave_problem.setStyleSheet("color: #b00020; font-weight: bold;")
        self.autosave_problem.hide()
        window.statusBar().addPermanentWidget(self.autosave_problem)
        # The open file: its stamp when read or saved, and a watch on it.
        self._stamp = None
        self._asking = False
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._disk_changed)
        self._settle = QTimer(self)
        self._settle.setSingleShot(True)
        self._settle.setInterval(DISK_SETTLE_MS)
        self._settle.timeout.connect(self._check_disk)
        self.document.path_changed.connect(self._track)
        self._track(self.document.path)

    # -- the file on disk ----------------------------------------------------
    def _track(self, path) -> None:
        """Remember the open file as it is on disk now, and watch it."""
        from ..io.disk import remove_stale_temps, stamp
        old = self.watcher.files()
        if old:
            self.watcher.removePaths(old)
        self._stamp = None
        if path is None:
            return
        self._stamp = stamp(path)
        remove_stale_temps(path)
        if Path(path).exists():
            self.watcher.addPath(str(path))

    def changed_on_disk(self) -> bool:
        """Has the open file changed on disk since it was read or saved here
        (another program, another window)? A deleted file has not: saving
        writes it anew, nothing is lost."""
        from ..io.disk import stamp
        path = self.document.path
        if path is None or self._stamp is None:
            return False
        now = stamp(path)
        return now is not None and now != self._stamp

    def _disk_changed(self, _path: str) -> None:
        self._settle.start()

    def _check_disk(self) -> None:
        path = self.document.path
        if path is None:
            return
        # An atomic save elsewhere replaces the file: watch the new one.
        if Path(path).exists() and str(path) not in self.watcher.files():
            self.watcher.addPath(str(path))
        if self._asking or not self.changed_on_disk():
            return
        self._asking = True
        try:
            self.offer_reload()
        finally:
            self._asking = False

    def offer_reload(self) -> bool:
        """The open file changed on disk: reload it, or keep the mission as it
        is here (then Save asks before replacing the file). True if reloaded."""
        path = self.document.path
        if self.document.modified:
            text = self.tr("“{0}” was changed on disk by another program.\n\nReload it from disk? Your "
                           "unsaved changes here would be lost. Keep them to decide when you save.")
        else:
            text = self.tr("“{0}” was changed on disk by another program.\n\nReload it from disk?")
        answer = QMessageBox.question(self.window, self.tr("File changed on disk"),
                                      text.format(Path(path).name), QMessageBox.Yes | QMessageBox.No,
                                      QMessageBox.No if self.document.modified else QMessageBox.Yes)
        if answer != QMessageBox.Yes:
            self.window.show_message(self.tr("Kept the mission as it is here; saving will ask before "
                                             "replacing the changed file"), 8000)
            return False
        mission = self.load(path)
        if mission is None:
            return False
        self.document.reset(mission, Path(path))
        self.window.show_message(self.tr("Reloaded {0}").format(Path(path).name), 4000)
        return True

    def _may_replace(self, path: Path) -> str:
        """Before saving over `path`: "yes", "save-as" or "cancel". Asks when
        the file is read-only or changed on disk since it was read here."""
        from ..io.disk import is_read_only
        name = Path(path).name
        read_only = is_read_only(path)
        if read_only:
            # Never replaced (io.disk.write_file refuses it too): another name or nothing.
            text = self.tr("“{0}” is read-only, so it is not replaced.\n\nSave the mission under another name?")
            title = self.tr("Read-only file")
        elif self.document.path is not None and Path(path) == self.document.path and self.changed_on_disk():
            text = self.tr("“{0}” was changed on disk by another program since it was opened or "
                           "saved here.\n\nReplace it with the mission as it is here (the other "
                           "changes are lost), or save under another name?")
            title = self.tr("File changed on disk")
        else:
            return "yes"
        box = QMessageBox(QMessageBox.Warning, title, text.format(name), QMessageBox.NoButton, self.window)
        save_as = box.addButton(self.tr("Save As…"), QMessageBox.AcceptRole)
        replace = None if read_only else box.addButton(self.tr("Replace"), QMessageBox.DestructiveRole)
        box.addButton(QMessageBox.Cancel)
        box.setDefaultButton(save_as)
        box.exec()
        clicked = box.clickedButton()
        return "save-as" if clicked is save_as else "yes" if replace is not None and clicked is replace else "cancel"

    # -- menu ---------------------------------------------------------------
    def _build_actions(self) -> None:
        w = self.window
        A = w._action
        self.new_action = A(self.tr("&New…"), lambda: self.new(), QKeySequence.New,
                            self.tr("Start a new mission: Boarding Actions on two boards, or Kill Team on one "
                                    "killzone board"))
        self.open_action = A(self.tr("&Open…"), self.open, QKeySequence.Open)
        self.save_action = A(self.tr("&Save"), self.save, QKeySequence.Save)
        self.save_as_action = A(self.tr("Save &As…"), self.save_as, QKeySequence.SaveAs)
        self.quit_action = A(self.tr("&Quit"), w.close, QKeySequence.Quit)
        for name, a in {"new": self.new_action, "open": self.open_action, "save": self.save_action,
                        "save-as": self.save_as_action, "quit": self.quit_action}.items():
            a.setObjectName(name)
        menu = w.menu("File")
        menu.addActions([self.new_action, self.open_action])
        self.recent_menu = menu.addMenu(self.tr("Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        menu.addSeparator()
        menu.addActions([self.save_action, self.save_as_action])
        menu.addSeparator()  # extra entries (Export...) go in their own group
        self._extra_anchor = menu.addSeparator()
        menu.addAction(self.quit_action)
        w.edit_bar.insertActions(w.edit_bar.actions()[0] if w.edit_bar.actions() else None,
                                 [self.new_action, self.open_action, self.save_action])
        w.edit_bar.insertSeparator(w.undo_button)

    def _filter(self) -> str:
        return self.tr("Missions (*.yaml *.yml);;All files (*)")

    def add_file_action(self, action: QAction) -> None:
        self.window.menu("File").insertAction(self._extra_anchor, action)

    # -- recent files ---------------------------------------------------------
    def recent_files(self) -> list[str]:
        return settings.recent_files()

    def _remember(self, path: Path) -> None:
        p = str(Path(path).resolve())
        files = [f for f in self.recent_files() if f != p]
        settings.set_recent_files([p, *files][:MAX_RECENT])

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        files = self.recent_files()
        for n, f in enumerate(files):
            a = self.recent_menu.addAction(f"&{n + 1} {Path(f).name}")
            a.setObjectName(f"recent-{n + 1}")
            a.setToolTip(f)
            a.triggered.connect(lambda _=False, f=f: self.open_path(f))
        if not files:
            a = self.recent_menu.addAction(self.tr("No recent files"))
            a.setEnabled(False)

    # -- the prompt ---------------------------------------------------------------
    def maybe_save(self) -> bool:
        """True when it is fine to drop the open mission (saved, or the user
        chose to save or discard)."""
        if not self.document.modified:
            return True
        title = self.document.mission.title
        answer = QMessageBox.warning(
            self.window, self.tr("Unsaved changes"),
            self.tr("“{0}” has changes that are not saved.\nSave them first?").format(title),
            QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel, QMessageBox.Save)
        if answer == QMessageBox.Save:
            return self.save()
        return answer == QMessageBox.Discard

    # -- new / open ------------------------------------------------------------
    def new(self, game: str | None = None) -> bool:
        """A new mission for `game`; without one, ask which game first (a
        cancel there changes nothing)."""
        if game is None:
            from .new_dialog import ask_game
            game = ask_game(self.window, self.document.mission.game)
            if game is None:
                return False
        if not self.maybe_save():
            return False
        self.document.reset(new_mission(self.window.catalogue, game), None)
        self.window.view.fit()
        if game == KILL_TEAM:
            self.window.show_message(self.tr("A new Kill Team mission on one killzone board: paint the "
                                             "drop zones, place the objective markers, build with half "
                                             "a terrain set"), 10000)
        return True

    def open(self) -> bool:
        if not self.maybe_save():
            return False
        start = str(self.document.path.parent) if self.document.path else ""
        path, _ = QFileDialog.getOpenFileName(self.window, self.tr("Open mission"), start, self._filter())
        if not path:
            return False
        return self.open_path(path, ask=False)

    def open_dropped(self, paths: list[str]) -> bool:
        missions = [p for p in paths if p.lower().endswith((".yaml", ".yml"))]
        if not missions:
            self.window.show_message(self.tr("Only mission files (.yaml) can be opened by dropping them here"))
            return False
        return self.open_path(missions[0])

    def load(self, path) -> object | None:
        """Load a mission file; on failure show the reason and return None."""
        from ..io import MissionLoadError, load_mission
        try:
            return load_mission(path)
        except MissionLoadError as e:
            QMessageBox.critical(self.window, self.tr("Cannot open mission"),
                                 self.tr("This file cannot be used:\n\n{0}").format(load_problem(e)))
        except OSError as e:
            QMessageBox.critical(self.window, self.tr("Cannot open mission"),
                                 f"{path}: {e.strerror or e}")
        return None

    def open_path(self, path, ask: bool = True) -> bool:
        if ask and not self.maybe_save():
            return False
        mission = self.load(path)
        if mission is None:
            return False
        self.document.reset(mission, Path(path))
        self._remember(Path(path))
        self.window.view.fit()
        if in_library(path):
            self.window.show_message(self.tr("Opened {0} from the library: saving makes a copy "
                                             "in a folder of your own").format(Path(path).name), 8000)
        else:
            self.window.show_message(self.tr("Opened {0}").format(Path(path).name), 4000)
        return True

    # -- save --------------------------------------------------------------------
    def save(self) -> bool:
        # A library mission (opened from File > Open, the command line or
        # recent files) is the program's, not the player's: Save is Save As.
        if self.document.path is None or in_library(self.document.path):
            return self.save_as()
        return self.save_to(self.document.path)

    def save_as(self) -> bool:
        path = self.document.path
        if path is not None and not in_library(path):
            start = str(path)
        else:
            name = path.name if path is not None else _file_name(self.document.mission.title)
            start = str(save_start_dir() / name)
        path, _ = QFileDialog.getSaveFileName(self.window, self.tr("Save mission as"), start, self._filter())
        if not path:
            return False
        if not path.lower().endswith((".yaml", ".yml")):
            path += ".yaml"
        return self.save_to(Path(path))

    def save_to(self, path: Path) -> bool:
        from ..io import save_mission
        if in_library(path):
            QMessageBox.warning(self.window, self.tr("Cannot save mission"),
                                self.tr("{0} ships with the program and is kept as it is. "
                                        "Save your copy in a folder of your own.").format(Path(path).name))
            return False
        # Changed on disk or read-only first (the file may not be ours to
        # replace at all), then the comments a replacement would drop.
        choice = self._may_replace(Path(path))
        if choice == "save-as":
            return self.save_as()
        if choice != "yes":
            return False
        choice = self._comments_choice(Path(path))
        if choice == "cancel":
            return False
        if choice == "elsewhere":
            return self._save_elsewhere(Path(path))
        try:
            save_mission(self.document.mission, path)
        except OSError as e:
            QMessageBox.critical(self.window, self.tr("Cannot save mission"),
                                 f"{path}: {_why(e)}\n"
                                 + self.tr("The mission is still open; nothing was lost."))
            return False
        return self._saved(Path(path))

    def _saved(self, path: Path) -> bool:
        settings.set_save_folder(Path(path).resolve().parent)
        if self.document.path != Path(path):
            self.document.set_path(Path(path))
        self.document.mark_saved()
        self._remember(Path(path))
        self._track(Path(path))
        self._remove_autosave()
        self._autosave_failed(None)
        self.window.show_message(self.tr("Saved {0}").format(Path(path).name), 4000)
        return True

    def _comments_choice(self, path: Path) -> str:
        """A hand-written file with comments: saving writes the mission, not
        the text, so the comments go. Say so before, and offer another name:
        "save" (over it), "elsewhere" or "cancel"."""
        from ..io import file_has_comments
        if not path.is_file() or not file_has_comments(path):
            return "save"
        box = QMessageBox(QMessageBox.Warning, self.tr("Comments will be lost"),
                          self.tr("{0} has comments (lines with #). The editor saves the mission, "
                                  "not the text: saving over it removes the comments.\n\n"
                                  "Save over it anyway?").format(path.name),
                          QMessageBox.Save | QMessageBox.Cancel, self.window)
        save_as = box.addButton(self.tr("Save As…"), QMessageBox.AcceptRole)
        box.setDefaultButton(save_as)
        box.exec()
        if box.clickedButton() is save_as:
            return "elsewhere"
        return "save" if box.clickedButton() is box.button(QMessageBox.Save) else "cancel"

    def _save_elsewhere(self, path: Path) -> bool:
        """Save As, starting beside the commented file under a new name."""
        from ..io import save_mission
        start = str(path.with_name(path.stem + "-edited" + path.suffix))
        chosen, _ = QFileDialog.getSaveFileName(self.window, self.tr("Save mission as"), start, self._filter())
        if not chosen:
            return False
        if not chosen.lower().endswith((".yaml", ".yml")):
            chosen += ".yaml"
        if Path(chosen).resolve() == path.resolve():
            # Chosen again, on purpose: save over it.
            try:
                save_mission(self.document.mission, path)
            except OSError as e:
                QMessageBox.critical(self.window, self.tr("Cannot save mission"), f"{path}: {_why(e)}")
                return False
            return self._saved(path)
        return self.save_to(Path(chosen))

    # -- autosave and recovery --------------------------------------------------
    def _paths(self, session: str | None = None) -> tuple[Path, Path, Path]:
        d = autosave_dir()
        s = session or self._session
        return d / f"{s}.yaml", d / f"{s}.json", d / f"{s}.lock"

    def _hold_lock(self) -> None:
        if self._lock is None:
            d = autosave_dir()
            d.mkdir(parents=True, exist_ok=True)
            self._lock = QLockFile(str(self._paths()[2]))
            self._lock.setStaleLockTime(0)
            self._lock.tryLock(0)

    def _changed(self, _index=None) -> None:
        if not self._autosave_on:
            return
        try:
            modified = self.document.modified
        except RuntimeError:  # the window is being torn down: its undo stack is gone
            return
        if modified:
            self.timer.start()  # restarts: saved AUTOSAVE_DELAY_MS after the last change

    def _autosave_failed(self, why: str | None) -> None:
        """Show (or, with None, clear) the autosave problem in the status bar."""
        if why is None:
            self.autosave_problem.hide()
            self.autosave_problem.clear()
            return
        self.autosave_problem.setText(self.tr("Autosave failed: {0}").format(why))
        self.autosave_problem.setToolTip(self.tr("Unsaved changes are not kept safe until an autosave "
                                                 "succeeds; save the mission to be sure."))
        self.autosave_problem.show()

    def autosave(self) -> bool:
        """Write the mission to the autosave folder if it has unsaved
        changes not yet autosaved."""
        if not self.document.modified:
            return False
        index = (self.document.undo_stack.index(), id(self.document.mission))
        if index == self._autosaved_index:
            return False
        from ..io import save_mission
        from ..io.disk import write_file
        yaml_path, meta_path, _ = self._paths()
        try:
            self._hold_lock()
            save_mission(self.document.mission, yaml_path)
            meta = {"path": str(self.document.path) if self.document.path else None,
                    "title": self.document.mission.title, "time": time.time()}
            write_file(json.dumps(meta).encode("utf-8"), meta_path)
        except OSError as e:
            self._autosave_failed(shown(_why(e)))
            if self._autosave_on:
                self.timer.start()  # try again, a few seconds on
            return False
        self._autosaved_index = index
        self._autosave_failed(None)
        return True

    def _remove_autosave(self, session: str | None = None) -> None:
        for p in self._paths(session)[:2]:
            try:
                p.unlink()
            except FileNotFoundError:
                pass
            except OSError:
                pass
        self._autosaved_index = None

    def shutdown(self) -> None:
        """A clean close: nothing to recover next time."""
        self._autosave_on = False
        self.timer.stop()
        self._settle.stop()
        if self.watcher.files():
            self.watcher.removePaths(self.watcher.files())
        self._remove_autosave()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    def orphaned_autosaves(self) -> list[tuple[str, dict]]:
        """Autosaves of editors that did not close normally (their lock is
        free), newest first."""
        d = autosave_dir()
        if not d.is_dir():
            return []
        found = []
        for meta_path in d.glob("*.json"):
            session = meta_path.stem
            if session == self._session:
                continue
            lock = QLockFile(str(d / f"{session}.lock"))
            if not lock.tryLock(0):
                continue  # another editor is running with it
            lock.unlock()
            try:
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                meta = {}
            if (d / f"{session}.yaml").exists():
                found.append((session, meta))
        found.sort(key=lambda sm: -float(sm[1].get("time", 0) or 0))
        return found

    def offer_recovery(self) -> bool:
        """Ask about each autosave left by a crash; True when one was opened."""
        from ..io import MissionLoadError, load_mission
        for session, meta in self.orphaned_autosaves():
            yaml_path = autosave_dir() / f"{session}.yaml"
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(float(meta.get("time", 0) or 0)))
            title = meta.get("title") or self.tr("a mission")
            answer = QMessageBox.question(
                self.window, self.tr("Recover unsaved work"),
                self.tr("The editor did not close normally. Unsaved changes to “{0}” "
                        "were kept from {1}.\n\nRecover them?").format(title, when),
                QMessageBox.Yes | QMessageBox.No, QMessageBox.Yes)
            if answer == QMessageBox.Yes:
                try:
                    mission = load_mission(yaml_path)
                except (MissionLoadError, OSError) as e:
                    QMessageBox.critical(self.window, self.tr("Cannot recover"),
                                         load_problem(e) if isinstance(e, MissionLoadError) else str(e))
                    self._remove_autosave(session)
                    continue
                path = meta.get("path")
                self.document.reset(mission, Path(path) if path else None, modified=True)
                self._remove_autosave(session)
                self.window.view.fit()
                self.autosave()  # keep it safe under this session's name at once
                return True
            self._remove_autosave(session)
        return False


def _file_name(title: str) -> str:
    safe = "".join(c if c.isalnum() or c in " -_" else "" for c in title).strip().lower()
    return (safe.replace(" ", "-") or "mission") + ".yaml"
