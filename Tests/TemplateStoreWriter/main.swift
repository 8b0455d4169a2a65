import BiometricFormats
import Foundation
import TemplateStore

// A child process for TemplateStoreTests: writes to a store the way another pbtool process
// would, so tests can kill it mid-transaction or run two of them at once.
//
//   TemplateStoreWriter DB KEYFILE hold PREFIX COUNT   add COUNT users+templates in one open
//                                                      transaction, print "in-transaction", wait
//   TemplateStoreWriter DB KEYFILE add PREFIX COUNT    add COUNT users+templates, one transaction each
//   TemplateStoreWriter DB KEYFILE add-host PREFIX COUNT  the same, the bytes (no host template)
//                                                      tagged `host`: what an unchecked import stored

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func addUser(_ store: TemplateDatabase, _ name: String, format: TemplateFormat = .iso) throws {
    let user = try store.addUser(named: name)
    let template = (0..<500).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ name.count) }
    _ = try store.addTemplate(template, user: user.id, finger: .rightIndex, format: format)
}

let arguments = CommandLine.arguments
guard arguments.count == 6, let count = Int(arguments[5]) else {
    say("usage: TemplateStoreWriter DB KEYFILE hold|add|add-host PREFIX COUNT")
    exit(2)
}
do {
    let store = try TemplateDatabase.open(at: arguments[1], secrets: [.keyFile(at: arguments[2])])
    switch arguments[3] {
    case "hold":
        try store.writeBatch {
            for index in 0..<count { try addUser(store, "\(arguments[4])-\(index)") }
            say("in-transaction")
            sleep(600)
        }
    case "add", "add-host":
        for index in 0..<count {
            try store.writeBatch { try addUser(store, "\(arguments[4])-\(index)", format: arguments[3] == "add" ? .iso : .host) }
        }
        say("done")
    default:
        say("unknown mode \(arguments[3])")
        exit(2)
    }
} catch {
    say("error: \(error)")
    exit(1)
}
