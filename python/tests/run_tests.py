"""Runs the package's pytest suite (ctest's python_package). Fails with a clear message when
numpy or pytest is missing instead of passing without testing."""

import os
import sys

missing = []
for name in ("numpy", "pytest"):
    try:
        __import__(name)
    except ImportError:
        missing.append(name)
if missing:
    sys.exit(f"python_package: {sys.executable} lacks {', '.join(missing)}: "
             "install python3-numpy python3-pytest (scripts/deps.sh)")

import pytest  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", here]))
