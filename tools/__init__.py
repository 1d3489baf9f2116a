"""Tools of the project: CLI, emulator, data compiler, checks, benchmarks."""
