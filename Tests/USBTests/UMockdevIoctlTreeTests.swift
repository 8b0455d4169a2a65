import Testing
@testable import USB

@Suite struct UMockdevIoctlTreeTests {
    let text = """
        @DEV /dev/bus/usb/001/002
        USBDEVFS_GET_CAPABILITIES 0 7D000000
        # a comment
        USBDEVFS_REAPURBNDELAY 0 3 1 0 0 1 1 0 01
         USBDEVFS_REAPURBNDELAY 0 3 129 0 0 64 2 0 0000
         USBDEVFS_REAPURBNDELAY 0 3 129 0 0 64 3 0 AABBCC
          USBDEVFS_REAPURBNDELAY 0 3 130 0 0 16 0 0
        USBDEVFS_REAPURBNDELAY 0 3 1 0 0 2 2 0 1a2b
        """

    @Test func linesBecomeNodesWithDepth() throws {
        let tree = try UMockdevIoctlTree(text: text, source: "t.ioctl")
        #expect(tree.devicePath == "/dev/bus/usb/001/002")
        #expect(tree.nodes.map(\.depth) == [0, 1, 1, 2, 0])
        #expect(tree.commands(endpoint: 0x01) == [[0x01], [0x1a, 0x2b]])
        #expect(tree.replies(endpoint: 0x81, bufferLength: 64) == [[0, 0], [0xaa, 0xbb, 0xcc]])
        #expect(tree.nodes[3].data.isEmpty && tree.nodes[3].type == .bulk)
    }

    @Test func thePlayerFollowsUmockdevsSearchRules() throws {
        let player = UMockdevIoctlPlayer(tree: try UMockdevIoctlTree(text: text, source: "t.ioctl"))
        try player.write([0x01], to: 0x01, type: .bulk, timeout: .zero)
        #expect(try player.read(64, from: 0x81, type: .bulk, timeout: .zero) == [0, 0])
        #expect(try player.read(64, from: 0x81, type: .bulk, timeout: .zero) == [0xaa, 0xbb, 0xcc])
        // Sending the same command again starts from its first reply.
        try player.write([0x01], to: 0x01, type: .bulk, timeout: .zero)
        #expect(try player.read(64, from: 0x81, type: .bulk, timeout: .zero) == [0, 0])
        #expect(throws: USBRecordingPlayer.Divergence.self) { try player.write([0x02], to: 0x01, type: .bulk, timeout: .zero) }
        #expect(throws: USBRecordingPlayer.Divergence.self) { _ = try player.read(512, from: 0x81, type: .bulk, timeout: .zero) }
    }

    private func problem(_ text: String) -> USBRecordingError.Problem? {
        do {
            _ = try UMockdevIoctlTree(text: text, source: "bad.ioctl")
            return nil
        } catch let error as USBRecordingError {
            return error.problem
        } catch {
            return nil
        }
    }

    @Test func malformedLinesAreRefusedWithTheirLineNumber() throws {
        #expect(problem("USBDEVFS_REAPURBNDELAY 0 3 1 0 0 1 1 0 0") == .badLine("the data is not hex"))
        #expect(problem("USBDEVFS_REAPURBNDELAY 0 3 1 0 0 1 1 0 zz") == .badLine("the data is not hex"))
        #expect(problem("USBDEVFS_REAPURBNDELAY 0 3 1 0") == .badLine("expected 9 or 10 fields, found 5"))
        #expect(problem("USBDEVFS_REAPURBNDELAY 0 9 1 0 0 1 1 0 01") == .badLine("unknown URB type 9"))
        #expect(problem("USBDEVFS_REAPURBNDELAY 0 3 x 0 0 1 1 0 01") == .badLine("a numeric field is not a number"))
        #expect(problem("USBDEVFS_REAPURBNDELAY 0 3 129 0 0 64 3 0 0000") == .badLine("2 data bytes where the lengths say 3"))
        #expect(problem("USBDEVFS_FROBNICATE 1 2") == .badLine("unknown ioctl USBDEVFS_FROBNICATE"))
        #expect(problem("USBDEVFS_REAPURBNDELAY 0 3 1 0 0 1 1 0 01\n  USBDEVFS_REAPURBNDELAY 0 3 129 0 0 64 0 0") == .indentationJump)
        do {
            _ = try UMockdevIoctlTree(text: "\n\nUSBDEVFS_REAPURBNDELAY 0 3 1 0 0 1 1 0 0", source: "bad.ioctl")
        } catch let error as USBRecordingError {
            #expect(error.description == "bad.ioctl has a malformed line: the data is not hex (at line 3)")
        }
    }
}

@Suite struct USBRecordingPlayerTests {
    @Test func divergenceSaysWhereAndWhat() throws {
        let player = USBRecordingPlayer(transfers: [
            RecordedTransfer(type: .bulk, endpoint: 0x02, requestedLength: 2, data: [0x81, 0x02]),
            RecordedTransfer(type: .bulk, endpoint: 0x81, requestedLength: 4, data: [1, 2]),
        ])
        #expect(throws: USBRecordingPlayer.Divergence.self) { try player.write([0x81, 0x03], to: 0x02, type: .bulk, timeout: .zero) }
        let fresh = USBRecordingPlayer(transfers: [RecordedTransfer(type: .bulk, endpoint: 0x81, requestedLength: 4, data: [1, 2])])
        do {
            _ = try fresh.read(5, from: 0x81, type: .bulk, timeout: .zero)
            Issue.record("a read of the wrong length was answered")
        } catch let divergence as USBRecordingPlayer.Divergence {
            #expect(divergence.description == "transfer 0 diverges: recorded IN BULK ep=0x81 len=4, submitted IN BULK ep=0x81 len=5")
        }
        #expect(try fresh.read(4, from: 0x81, type: .bulk, timeout: .zero) == [1, 2])
        #expect(fresh.isFinished)
        #expect(throws: USBRecordingPlayer.Divergence.self) { _ = try fresh.read(4, from: 0x81, type: .bulk, timeout: .zero) }
    }
}
