// count-instructions CMD ARGS...: runs CMD and prints the user-space instructions it and its
// threads and children retired (perf_event_open, PERF_COUNT_HW_INSTRUCTIONS, exclude_kernel,
// inherit), counted from its exec; `count-instructions --main CMD ARGS...` counts only CMD's
// main thread (no inherit). `count-instructions --loop N` runs 2N instructions of a
// loop (subs + b.ne), a known figure to check the counter against. Built for arm64 by
// count-instructions-vm.sh; exact only under qemu's -icount (the PMU then counts retired
// instructions one by one).
#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "--loop") == 0) {
        uint64_t n = strtoull(argv[2], 0, 10);
        __asm__ volatile("1: subs %0, %0, #1\n b.ne 1b" : "+r"(n) : : "cc");
        return 0;
    }
    int inherit = 1;
    if (argc > 1 && strcmp(argv[1], "--main") == 0) { inherit = 0; argv++; argc--; }
    if (argc < 2) { fprintf(stderr, "usage: count-instructions [--main] CMD ARGS... | --loop N\n"); return 2; }
    int go[2];
    if (pipe(go) != 0) { perror("pipe"); return 1; }
    pid_t pid = fork();
    if (pid == 0) {
        char c;
        close(go[1]);
        if (read(go[0], &c, 1) != 1) _exit(126);   // the counter is open: exec
        execvp(argv[1], argv + 1);
        perror(argv[1]);
        _exit(127);
    }
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.type = PERF_TYPE_HARDWARE;
    a.config = PERF_COUNT_HW_INSTRUCTIONS;
    a.disabled = 1;
    a.enable_on_exec = 1;
    a.inherit = inherit;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    int fd = syscall(SYS_perf_event_open, &a, pid, -1, -1, 0);
    if (fd < 0) { perror("perf_event_open"); kill(pid, 9); return 1; }
    close(go[0]);
    if (write(go[1], "x", 1) != 1) { perror("write"); return 1; }
    int status;
    waitpid(pid, &status, 0);
    uint64_t count = 0;
    if (read(fd, &count, sizeof count) != sizeof count) { perror("read"); return 1; }
    fprintf(stderr, "instructions:u %llu\n", (unsigned long long)count);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
