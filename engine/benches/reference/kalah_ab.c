/*
 * The baseline the solver is measured against (issue 17): a plain
 * alpha-beta solver with a transposition table, written for this project
 * in C. Kalah(6, n), standard capture (or -e for empty capture), the
 * standard end (either row empty: each player keeps his own row).
 *
 * Plain means: negamax over the final store difference, full window at
 * the root, moves from the house nearest the store down, a table keyed by
 * the whole position (houses, stores, mover) with exact/lower/upper bounds,
 * always replacing. No endgame database, no MTD(f), no move ordering
 * beyond that.
 *
 * Two options make it less plain, for the comparison's sake: -h keys the
 * table on the twelve houses only and stores the value less the stores'
 * difference (the stores never change the play that follows, so every store
 * split shares an entry, as in our solver); -m finds the value by MTD(f)
 * from 0 (null-window searches closing in) instead of one full window.
 *
 *   cc -O2 -o /tmp/kalah_ab engine/benches/reference/kalah_ab.c
 *   /tmp/kalah_ab 4        # Kalah(6,4): value, nodes, seconds
 *   /tmp/kalah_ab 3 -e     # Kalah(6,3) with empty capture
 *   /tmp/kalah_ab 4 -h -m  # keyed on the houses, MTD(f)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define M 6
#define PITS (2 * M + 2) /* mover's houses, his store, opponent's houses, his store */
#define STORE M
#define OSTORE (2 * M + 1)

typedef struct { uint8_t p[PITS]; } Pos;

typedef struct {
    uint8_t key[PITS];
    int8_t value;
    uint8_t flag; /* 0 empty, 1 exact, 2 lower, 3 upper */
} Entry;

static Entry *table;
static uint64_t table_mask;
static uint64_t nodes;
static int empty_capture;
static int null_windows; /* -m: MTD(f) from 0, null-window searches closing in */
static int houses_key; /* -h: key on the houses only, storing the value less the stores' difference */

/* The bytes the table keys on: the whole position, or with -h the twelve
 * houses only, the mover's first (the stores never change the play that
 * follows), and two zero bytes. */
static void key_of(const Pos *pos, uint8_t *key) {
    if (!houses_key) {
        memcpy(key, pos->p, PITS);
        return;
    }
    memset(key, 0, PITS);
    memcpy(key, pos->p, M);
    memcpy(key + M, pos->p + M + 1, M);
}

static uint64_t hash(const uint8_t *key) {
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < PITS; i++) h = (h ^ key[i]) * 1099511628211ull;
    return h ^ (h >> 29);
}

/* Play house i for the mover; returns 1 if he moves again, 0 if the
 * opponent moves (the board is then turned to his side), -1 if over. */
static int play(Pos *pos, int i) {
    uint8_t *p = pos->p;
    int seeds = p[i];
    p[i] = 0;
    int at = i;
    while (seeds > 0) {
        at = (at + 1) % PITS;
        if (at == OSTORE) at = 0;
        p[at]++;
        seeds--;
    }
    int again = at == STORE;
    if (!again && at < M && p[at] == 1) {
        int opposite = 2 * M - at;
        if (p[opposite] > 0) {
            p[STORE] += p[opposite] + 1;
            p[opposite] = 0;
            p[at] = 0;
        } else if (empty_capture) {
            p[STORE] += 1;
            p[at] = 0;
        }
    }
    int own = 0, theirs = 0;
    for (int k = 0; k < M; k++) { own += p[k]; theirs += p[M + 1 + k]; }
    if (own == 0 || theirs == 0) {
        for (int k = 0; k < M; k++) { p[STORE] += p[k]; p[k] = 0; p[OSTORE] += p[M + 1 + k]; p[M + 1 + k] = 0; }
        return -1;
    }
    if (again) return 1;
    Pos turned;
    memcpy(turned.p, p + M + 1, M + 1);
    memcpy(turned.p + M + 1, p, M + 1);
    *pos = turned;
    return 0;
}

/* The final store difference for the mover, within (alpha, beta). */
static int negamax(const Pos *pos, int alpha, int beta) {
    nodes++;
    uint8_t key[PITS];
    key_of(pos, key);
    uint64_t slot = hash(key) & table_mask;
    Entry *e = &table[slot];
    /* With -h the table holds values less the stores' difference. */
    int banked = houses_key ? pos->p[STORE] - pos->p[OSTORE] : 0;
    int alpha0 = alpha;
    if (e->flag && memcmp(e->key, key, PITS) == 0) {
        int flag = e->flag, value = e->value + banked;
        if (flag == 1) return value;
        if (flag == 2 && value > alpha) alpha = value;
        if (flag == 3 && value < beta) beta = value;
        if (alpha >= beta) return value;
    }
    int best = -127;
    for (int i = M - 1; i >= 0; i--) {
        if (pos->p[i] == 0) continue;
        Pos child = *pos;
        int next = play(&child, i);
        int value;
        if (next < 0) value = child.p[STORE] - child.p[OSTORE];
        else if (next == 1) value = negamax(&child, alpha, beta);
        else value = -negamax(&child, -beta, -alpha);
        if (value > best) best = value;
        if (best > alpha) alpha = best;
        if (alpha >= beta) break;
    }
    e = &table[slot];
    memcpy(e->key, key, PITS);
    e->value = (int8_t)(best - banked);
    e->flag = (uint8_t)(best <= alpha0 ? 3 : best >= beta ? 2 : 1);
    return best;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 4;
    for (int a = 2; a < argc; a++) {
        if (strcmp(argv[a], "-e") == 0) empty_capture = 1;
        if (strcmp(argv[a], "-h") == 0) houses_key = 1;
        if (strcmp(argv[a], "-m") == 0) null_windows = 1;
    }
    uint64_t entries = 1ull << 26; /* 1 GiB of 16-byte entries */
    table = calloc(entries, sizeof(Entry));
    table_mask = entries - 1;
    Pos start;
    memset(&start, 0, sizeof start);
    for (int k = 0; k < M; k++) start.p[k] = start.p[M + 1 + k] = (uint8_t)n;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int value;
    if (null_windows) {
        int lower = -127, upper = 127;
        value = 0;
        while (lower < upper) {
            int beta = value == lower ? value + 1 : value;
            value = negamax(&start, beta - 1, beta);
            if (value < beta) upper = value; else lower = value;
        }
    } else {
        value = negamax(&start, -127, 127);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("kalah(6,%d)%s: %+d, %llu nodes, %.1f s, table %llu entries of %zu bytes\n", n,
           empty_capture ? " empty capture" : "", value, (unsigned long long)nodes, secs,
           (unsigned long long)entries, sizeof(Entry));
    return 0;
}
