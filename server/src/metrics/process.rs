//! The server process's own CPU time and memory, read from Linux's `/proc`
//! for `GET /metrics` (under the usual Prometheus names), so a load run can
//! report what the server spent. Elsewhere the lines are left out.

use std::fmt::Write;

/// Clock ticks per second in `/proc/self/stat` (`USER_HZ`): 100 on every
/// Linux architecture the server is built for.
const TICKS_PER_SECOND: f64 = 100.0;

/// CPU seconds (user + system) used so far, from `/proc/self/stat`.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name is in parentheses and may hold spaces: count fields after it.
    let after_name = stat.rsplit_once(')')?.1;
    let mut fields = after_name.split_whitespace();
    // Fields 14 and 15 of the line (utime, stime) are the 12th and 13th after the name.
    let utime: f64 = fields.nth(11)?.parse().ok()?;
    let stime: f64 = fields.next()?.parse().ok()?;
    Some((utime + stime) / TICKS_PER_SECOND)
}

/// A `kB` field of `/proc/self/status` (`VmRSS`, `VmHWM`), in bytes.
fn status_bytes(status: &str, field: &str) -> Option<f64> {
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024.0)
}

/// Append the process metrics to an OpenMetrics text exposition (before its
/// `# EOF`): a counter's family is named without the `_total` of its sample.
pub(crate) fn render(out: &mut String) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let figures = [
        (
            "process_cpu_seconds_total",
            "counter",
            "User and system CPU time spent, in seconds.",
            cpu_seconds(),
        ),
        (
            "process_resident_memory_bytes",
            "gauge",
            "Resident memory size in bytes.",
            status_bytes(&status, "VmRSS:"),
        ),
        (
            "process_resident_memory_max_bytes",
            "gauge",
            "The largest resident memory size so far, in bytes.",
            status_bytes(&status, "VmHWM:"),
        ),
    ];
    for (name, kind, help, value) in figures {
        if let Some(value) = value {
            let family = name.strip_suffix("_total").unwrap_or(name);
            let _ = writeln!(
                out,
                "# HELP {family} {help}\n# TYPE {family} {kind}\n{name} {value}"
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_process_figures_are_read_on_linux() {
        let mut out = String::new();
        render(&mut out);
        if cfg!(target_os = "linux") {
            for name in [
                "process_cpu_seconds_total ",
                "process_resident_memory_bytes ",
                "process_resident_memory_max_bytes ",
            ] {
                assert!(out.contains(name), "{name} missing from {out}");
            }
            let rss = status_bytes(
                &std::fs::read_to_string("/proc/self/status").unwrap(),
                "VmRSS:",
            );
            assert!(rss.is_some_and(|b| b > 1024.0 * 1024.0), "{rss:?}");
        }
    }

    #[test]
    fn a_status_field_is_read_in_bytes() {
        let status = "Name:\tx\nVmHWM:\t  2048 kB\nVmRSS:\t 1024 kB\n";
        assert_eq!(status_bytes(status, "VmRSS:"), Some(1024.0 * 1024.0));
        assert_eq!(status_bytes(status, "VmHWM:"), Some(2048.0 * 1024.0));
        assert_eq!(status_bytes(status, "VmSwap:"), None);
    }
}
