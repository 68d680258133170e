//! What the server keeps per client IP address: how many connections it has
//! open (a slot each, given back when the connection ends), and the budgets
//! its connections share: hellos, new guests, private seek codes tried.

use crate::budget::{Budget, KeyedBudget};
use crate::clock::Clock;
use crate::sync::lock;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Addresses whose hello budgets are kept before idle ones are forgotten.
const HELLO_ADDRESSES: usize = 4096;

/// The limits per address.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AddressLimits {
    pub(crate) max_connections: usize,
    pub(crate) hello_burst: u32,
    pub(crate) hello_rate: u32,
    /// New guests at once, and then as many an hour.
    pub(crate) guests_per_hour: u32,
    /// Private seek codes tried at once, then one a minute.
    pub(crate) code_tries: u32,
    /// Requests under `/api/` a second, in bursts of twice that.
    pub(crate) api_rate: u32,
    /// The same from all addresses together.
    pub(crate) api_rate_total: u32,
}

/// Connections and hellos per IP address.
pub(crate) struct Addresses {
    limits: AddressLimits,
    open: Mutex<HashMap<IpAddr, usize>>,
    hellos: KeyedBudget<IpAddr>,
    guests: KeyedBudget<IpAddr>,
    codes: KeyedBudget<IpAddr>,
    api: KeyedBudget<IpAddr>,
    api_total: Budget,
}

/// One connection's place in its address's count; given back on drop.
pub(crate) struct AddressSlot {
    addresses: Arc<Addresses>,
    ip: IpAddr,
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut open = lock(&self.addresses.open);
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

impl Addresses {
    pub(crate) fn new(limits: AddressLimits, clock: Clock) -> Arc<Addresses> {
        let rate = f64::from(limits.hello_rate.max(1));
        Arc::new(Addresses {
            limits,
            open: Mutex::new(HashMap::new()),
            hellos: KeyedBudget::new(rate, limits.hello_burst, HELLO_ADDRESSES, &clock),
            guests: KeyedBudget::new(
                f64::from(limits.guests_per_hour.max(1)) / 3600.0,
                limits.guests_per_hour,
                HELLO_ADDRESSES,
                &clock,
            ),
            codes: KeyedBudget::new(1.0 / 60.0, limits.code_tries, HELLO_ADDRESSES, &clock),
            api_total: Budget::per_second(limits.api_rate_total, &clock),
            api: KeyedBudget::new(
                f64::from(limits.api_rate.max(1)),
                limits.api_rate.saturating_mul(2),
                HELLO_ADDRESSES,
                &clock,
            ),
        })
    }

    /// A place for one more connection from `ip`, if it has fewer than the limit.
    pub(crate) fn slot(self: &Arc<Self>, ip: IpAddr) -> Option<AddressSlot> {
        let mut open = lock(&self.open);
        let count = open.entry(ip).or_insert(0);
        if *count >= self.limits.max_connections {
            if *count == 0 {
                open.remove(&ip);
            }
            return None;
        }
        *count += 1;
        Some(AddressSlot {
            addresses: Arc::clone(self),
            ip,
        })
    }

    /// Whether the connections of `ip` may send another hello now.
    pub(crate) fn hello_allowed(&self, ip: IpAddr) -> bool {
        self.hellos.take(&ip)
    }

    /// Whether `ip` may make another new guest now: 6,000 guests from 30
    /// addresses once took 3.1 s and were kept 30 days each.
    pub(crate) fn guest_allowed(&self, ip: IpAddr) -> bool {
        self.guests.take(&ip)
    }

    /// Whether `ip` may make another request under `/api/` now: within its
    /// own budget and the server's in all (the archive's work is bounded
    /// whatever the number of addresses asking).
    pub(crate) fn api_allowed(&self, ip: IpAddr) -> bool {
        self.api.take(&ip) && self.api_total.take()
    }

    /// Whether `ip` may try another private seek code now.
    pub(crate) fn code_allowed(&self, ip: IpAddr) -> bool {
        self.codes.take(&ip)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ManualClock;

    #[test]
    fn slots_are_counted_per_address_and_given_back() {
        let (clock, _) = ManualClock::new();
        let limits = AddressLimits {
            max_connections: 2,
            hello_burst: 1,
            hello_rate: 1,
            guests_per_hour: 1,
            code_tries: 1,
            api_rate: 1,
            api_rate_total: 100,
        };
        let addresses = Addresses::new(limits, clock);
        let a: IpAddr = [127, 0, 0, 1].into();
        let b: IpAddr = [127, 0, 0, 2].into();
        let first = addresses.slot(a).expect("one");
        let _second = addresses.slot(a).expect("two");
        assert!(addresses.slot(a).is_none(), "the third is refused");
        assert!(addresses.slot(b).is_some(), "another address has its own");
        drop(first);
        assert!(addresses.slot(a).is_some(), "a slot came back");
    }

    #[test]
    fn hellos_share_a_budget_per_address() {
        let (clock, manual) = ManualClock::new();
        let limits = AddressLimits {
            max_connections: 10,
            hello_burst: 2,
            hello_rate: 1,
            guests_per_hour: 2,
            code_tries: 2,
            api_rate: 1,
            api_rate_total: 100,
        };
        let addresses = Addresses::new(limits, clock);
        let a: IpAddr = [127, 0, 0, 1].into();
        assert!(addresses.hello_allowed(a) && addresses.hello_allowed(a));
        assert!(!addresses.hello_allowed(a));
        assert!(addresses.hello_allowed([10, 0, 0, 1].into()));
        manual.advance(1_000);
        assert!(addresses.hello_allowed(a));
        assert!(addresses.guest_allowed(a) && addresses.guest_allowed(a));
        assert!(!addresses.guest_allowed(a), "two an hour");
        manual.advance(1_800_000);
        assert!(addresses.guest_allowed(a) && !addresses.guest_allowed(a));
        assert!(addresses.code_allowed(a) && addresses.code_allowed(a));
        assert!(!addresses.code_allowed(a));
        assert!(addresses.api_allowed(a) && addresses.api_allowed(a));
        assert!(!addresses.api_allowed(a), "bursts of twice the rate");
    }
}
