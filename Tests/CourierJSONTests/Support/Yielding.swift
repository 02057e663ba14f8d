/// Suspends every `interval` iterations so that other tests get the thread.
///
/// Swift Testing runs every test on the cooperative pool, one thread per core: on a two-core machine
/// a test that computes for a second without suspending holds half of it, and tests that wait on a
/// timer or a socket (the client's cancellation tests, say) stall behind it.
func yieldPeriodically(_ iteration: Int, every interval: Int = 200) async {
    if iteration.isMultiple(of: interval) { await Task.yield() }
}
