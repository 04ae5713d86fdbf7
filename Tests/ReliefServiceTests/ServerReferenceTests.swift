import ReliefHTTPServer
import ReliefService
import Testing

struct ServerReferenceTests {
    /// The server holds the application, whose figures hold the reference: a server no one else
    /// keeps must still go.
    @Test func doesNotKeepTheServerAlive() {
        let reference = ServerReference()
        weak var released: HTTPServer?
        do {
            let server = HTTPServer(handler: ReliefApplication(openConnections: { reference.openConnections }))
            reference.bind(server)
            released = server
        }
        #expect(released == nil)
        #expect(reference.openConnections == 0)
    }
}
