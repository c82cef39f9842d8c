"""Coverage-guided fuzzing (atheris, libFuzzer) of the rules engine's readers."""
