"""verifiers' name for digits-lab's environment: a taskset id is the module verifiers imports
(``vf-eval digits-lab-env …`` imports ``digits_lab_env``), which must export one ``Taskset``
subclass in ``__all__``. Everything is in ``digits_lab.verifiers_env``."""

from digits_lab.verifiers_env import *  # noqa: F403
from digits_lab.verifiers_env import __all__  # noqa: F401
