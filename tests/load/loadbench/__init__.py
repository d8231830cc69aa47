"""The load harness behind `bench.py`: processes and /proc (`common`), HTTP and sign-in (`web`),
wrk, perf, nginx and the servers under test (`servers`), the scenarios (`scenarios`) and the
report (`report`)."""
