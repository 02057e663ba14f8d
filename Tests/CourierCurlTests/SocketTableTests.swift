#if COURIER_CURL
@testable import CourierCurl
import Testing

@Suite struct SocketTableTests {
    @Test func aReusedConnectionNeedsNoEpollCallsAfterTheFirst() {
        var table = SocketTable()
        let first = table.want(7, events: 1)
        let second = table.want(7, events: 4)
        table.unwant(7)
        // The next request on the same connection asks for what epoll already watches.
        let reused = table.want(7, events: 4)
        #expect(first == .add(1) && second == .modify(4) && reused == SocketTable.Change.none)
    }

    @Test func anEventOnAnUnwantedSocketTakesItOut() {
        var table = SocketTable()
        _ = table.want(3, events: 1)
        let wanted = table.claimEvent(on: 3)
        table.unwant(3)
        let unwanted = table.claimEvent(on: 3)
        let again = table.want(3, events: 1)
        #expect(wanted && !unwanted && again == .add(1))
    }

    @Test func aClosedSocketsNumberStartsAfresh() {
        var table = SocketTable()
        _ = table.want(9, events: 1)
        table.unwant(9)
        table.closed(9)
        let fresh = table.want(9, events: 1)
        #expect(fresh == .add(1))
    }
}
#endif
