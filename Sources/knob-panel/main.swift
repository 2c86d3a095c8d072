@preconcurrency import Glibc

// knob-panel: the process. Sets up signals and the standard descriptors, then hands the
// command line to CommandLineEntry.

// An integrator that stops reading our events must not kill the panel (and leave the
// display unrestored): writes to a closed pipe fail quietly instead.
signal(SIGPIPE, SIG_IGN)
// A file-size limit (RLIMIT_FSIZE) must not kill the panel halfway through a save either:
// ignored, the write fails with EFBIG, and OutputFile reports it and removes its temporary.
signal(SIGXFSZ, SIG_IGN)
// Started with stdin/stdout/stderr closed, the next open() (the DRM device!) would become
// fd 0, 1 or 2 and be read as commands or written with events. Park /dev/null there.
for fd in Int32(0)...2 where fcntl(fd, F_GETFD) == -1 {
    _ = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
}

CommandLineEntry.run(Array(CommandLine.arguments.dropFirst()))
