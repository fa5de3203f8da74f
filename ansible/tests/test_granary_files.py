"""Unit tests of the granary_files module, run as Ansible runs it: the module file with an args file."""

import grp
import os
import pwd
import shutil
import stat
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from moduletest import run as run_module  # noqa: E402

USER = pwd.getpwuid(os.getuid()).pw_name
GROUP = grp.getgrgid(os.getgid()).gr_name


def run(args, check_mode=False, diff=False):
    return run_module("granary_files", args, check_mode=check_mode, diff=diff)


class GranaryFilesTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        self.conf = os.path.join(self.tmp, "conf")
        self.addCleanup(shutil.rmtree, self.tmp)

    def entry(self, path, mode, content=None):
        e = {"path": path, "owner": USER, "group": GROUP, "mode": mode}
        if content is not None:
            e["content"] = content
        return e

    def args(self, content="a=1\n", mode="0644"):
        return {
            "directories": [self.entry(self.conf, "0755")],
            "files": [self.entry(os.path.join(self.conf, "site.xml"), mode, content)],
        }

    def test_first_run_creates_everything_and_a_second_run_changes_nothing(self):
        first = run(self.args())
        self.assertTrue(first["changed"])
        self.assertEqual([self.conf, os.path.join(self.conf, "site.xml")], first["changed_paths"])
        with open(os.path.join(self.conf, "site.xml")) as f:
            self.assertEqual("a=1\n", f.read())
        self.assertEqual(0o755, stat.S_IMODE(os.stat(self.conf).st_mode))

        second = run(self.args())
        self.assertFalse(second["changed"])
        self.assertEqual([], second["changed_paths"])

    def test_only_the_file_whose_content_or_mode_differs_is_reported(self):
        run(self.args())
        self.assertEqual([os.path.join(self.conf, "site.xml")], run(self.args(content="a=2\n"))["changed_paths"])
        changed = run(self.args(content="a=2\n", mode="0600"))["changed_paths"]
        self.assertEqual([os.path.join(self.conf, "site.xml")], changed)
        self.assertEqual(0o600, stat.S_IMODE(os.stat(os.path.join(self.conf, "site.xml")).st_mode))

    def test_check_mode_reports_without_writing(self):
        result = run(self.args(), check_mode=True)
        self.assertTrue(result["changed"])
        self.assertFalse(os.path.exists(self.conf))

    def test_diff_mode_shows_the_old_and_the_new_content(self):
        run(self.args())
        result = run(self.args(content="a=2\n"), diff=True)
        self.assertEqual([{"before_header": os.path.join(self.conf, "site.xml"),
                           "after_header": os.path.join(self.conf, "site.xml"),
                           "before": "a=1\n", "after": "a=2\n"}], result["diff"])

    def test_a_file_outside_an_existing_directory_fails_with_its_path(self):
        missing = os.path.join(self.tmp, "nowhere", "x.conf")
        result = run({"files": [self.entry(missing, "0644", "x")]})
        self.assertTrue(result.get("failed"))
        self.assertIn(missing, result["msg"])

    def test_an_unknown_owner_fails_with_its_name(self):
        e = self.entry(self.conf, "0755")
        e["owner"] = "no-such-granary-user"
        result = run({"directories": [e]})
        self.assertTrue(result.get("failed"))
        self.assertIn("no-such-granary-user", result["msg"])


if __name__ == "__main__":
    unittest.main()
