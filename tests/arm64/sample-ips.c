// sample-ips PERIOD OUT CMD ARGS...: runs CMD with a user-space instructions counter that
// samples the instruction pointer every PERIOD instructions (its main thread: the kernel
// maps no inherited per-task counter), and writes
// OUT: "m ADDR LEN PGOFF FILE" a mapping, "s IP" a sample. Where an arm64 binary spends its
// instructions in the -icount VM (count-instructions-vm.sh PROFILE=FRAMES).
#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define DATA_PAGES 1024

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: sample-ips PERIOD OUT CMD ARGS...\n"); return 2; }
    int go[2];
    if (pipe(go) != 0) { perror("pipe"); return 1; }
    pid_t pid = fork();
    if (pid == 0) {
        char c;
        close(go[1]);
        if (read(go[0], &c, 1) != 1) _exit(126);
        execvp(argv[3], argv + 3);
        perror(argv[3]);
        _exit(127);
    }
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.type = PERF_TYPE_HARDWARE;
    a.config = PERF_COUNT_HW_INSTRUCTIONS;
    a.sample_period = strtoull(argv[1], 0, 10);
    a.sample_type = PERF_SAMPLE_IP;
    a.disabled = 1;
    a.enable_on_exec = 1;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    a.mmap = 1;
    int fd = syscall(SYS_perf_event_open, &a, pid, -1, -1, 0);
    if (fd < 0) { perror("perf_event_open"); kill(pid, 9); return 1; }
    long page = sysconf(_SC_PAGESIZE);
    size_t size = (size_t)DATA_PAGES * page;
    uint8_t *base = mmap(0, size + page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (base == MAP_FAILED) { perror("mmap"); kill(pid, 9); return 1; }
    close(go[0]);
    if (write(go[1], "x", 1) != 1) { perror("write"); return 1; }
    int status;
    waitpid(pid, &status, 0);
    struct perf_event_mmap_page *meta = (void *)base;
    uint64_t head = meta->data_head;
    __sync_synchronize();
    uint8_t *data = base + page;
    FILE *out = fopen(argv[2], "w");
    if (!out) { perror(argv[2]); return 1; }
    if (head > size) fprintf(stderr, "sample-ips: buffer wrapped (%llu bytes), only the last samples kept\n", (unsigned long long)head);
    uint64_t pos = head > size ? head - size : 0, samples = 0;
    uint8_t rec[4096];
    while (pos + sizeof(struct perf_event_header) <= head) {
        struct perf_event_header h;
        for (size_t i = 0; i < sizeof h; i++) ((uint8_t *)&h)[i] = data[(pos + i) % size];
        if (h.size < sizeof h || h.size > sizeof rec) break;
        for (size_t i = 0; i < h.size; i++) rec[i] = data[(pos + i) % size];
        if (h.type == PERF_RECORD_SAMPLE) {
            fprintf(out, "s %llx\n", (unsigned long long)*(uint64_t *)(rec + sizeof h));
            samples++;
        } else if (h.type == PERF_RECORD_MMAP) {
            uint64_t *v = (uint64_t *)(rec + sizeof h + 8);   // after pid, tid
            fprintf(out, "m %llx %llx %llx %s\n", (unsigned long long)v[0], (unsigned long long)v[1],
                    (unsigned long long)v[2], (char *)(v + 3));
        }
        pos += h.size;
    }
    fclose(out);
    fprintf(stderr, "sample-ips: %llu samples\n", (unsigned long long)samples);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
