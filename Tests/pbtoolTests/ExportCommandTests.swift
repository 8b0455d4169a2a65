import Foundation
import Testing
import TestSupport

@Suite struct ExportCommandTests {
    private func tool(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try ChildProcess.run("/usr/bin/env", arguments)
        return (run.status, run.standardOutput)
    }

    @Test func theBackendOpensTheCapturePackageAndNobodyElseCan() throws {
        let scratch = try DBTestStore()
        let key = scratch.path("backend.key"), pem = scratch.path("backend.pem"), package = scratch.path("pkg.json")
        #expect(try tool(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", key]).status == 0)
        #expect(try tool(["openssl", "pkey", "-in", key, "-pubout", "-out", pem]).status == 0)

        let exported = try PBToolProcess.run(["export", "--capture", "--encrypt-to", pem, "--out", package,
                                              "--finger", "left-thumb", "--sensor", "sim:synthetic:5"])
        #expect(exported.status == 0, "\(exported.standardError)")
        let mode = (try FileManager.default.attributesOfItem(atPath: package)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
        let envelope = try String(contentsOfFile: package, encoding: .utf8)
        #expect(envelope.contains("\"keyEncryption\" : \"RSA-OAEP-256\""))
        #expect(!envelope.contains("left-thumb"))

        let script = """
            import base64, json, sys
            from cryptography.hazmat.primitives import hashes, serialization
            from cryptography.hazmat.primitives.asymmetric import padding
            from cryptography.hazmat.primitives.ciphers.aead import AESGCM
            p = json.load(open(sys.argv[1]))
            k = serialization.load_pem_private_key(open(sys.argv[2], 'rb').read(), password=None)
            aes = k.decrypt(base64.b64decode(p['encryptedKey']), padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None))
            c = json.loads(AESGCM(aes).decrypt(base64.b64decode(p['nonce']), base64.b64decode(p['ciphertext']) + base64.b64decode(p['tag']), p['additionalData'].encode()))
            wsq = base64.b64decode(c['image']['data'])
            iso = base64.b64decode(c['template']['data'])
            print(c['finger'], c['image']['format'], wsq[:2].hex(), iso[:4].decode('latin1').strip(chr(0)), c['sensor']['id'])
            """
        let opened = try tool(["python3", "-c", script, package, key])
        #expect(opened.status == 0)
        #expect(opened.output == "left-thumb wsq ffa0 FMR sim\n")

        let other = scratch.path("other.key")
        _ = try tool(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", other])
        #expect(try tool(["python3", "-c", script, package, other]).status != 0)

        let again = try PBToolProcess.run(["export", "--capture", "--encrypt-to", pem, "--out", package, "--sensor", "sim:synthetic:5"])
        #expect(again.status == 2)
        #expect(again.standardError.contains("already exists"))
    }

    /// The backend opens JPEG and JPEG 2000 packages and reads their images with Pillow.
    @Test(arguments: [("jpeg", "JPEG"), ("jp2", "JPEG2000")])
    func theImageMayBeJPEGOrJPEG2000(format: String, pillowName: String) throws {
        let scratch = try DBTestStore()
        let key = scratch.path("backend.key"), pem = scratch.path("backend.pem"), package = scratch.path("pkg.json")
        #expect(try tool(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", key]).status == 0)
        #expect(try tool(["openssl", "pkey", "-in", key, "-pubout", "-out", pem]).status == 0)
        let exported = try PBToolProcess.run(["export", "--capture", "--encrypt-to", pem, "--out", package,
                                              "--image-format", format, "--sensor", "sim:synthetic:5"])
        #expect(exported.status == 0, "\(exported.standardError)")
        let script = """
            import base64, io, json, sys
            from cryptography.hazmat.primitives import hashes, serialization
            from cryptography.hazmat.primitives.asymmetric import padding
            from cryptography.hazmat.primitives.ciphers.aead import AESGCM
            from PIL import Image
            p = json.load(open(sys.argv[1]))
            k = serialization.load_pem_private_key(open(sys.argv[2], 'rb').read(), password=None)
            aes = k.decrypt(base64.b64decode(p['encryptedKey']), padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(), label=None))
            c = json.loads(AESGCM(aes).decrypt(base64.b64decode(p['nonce']), base64.b64decode(p['ciphertext']) + base64.b64decode(p['tag']), p['additionalData'].encode()))
            image = Image.open(io.BytesIO(base64.b64decode(c['image']['data'])))
            same = image.size == (c['image']['width'], c['image']['height'])
            print(c['image']['format'], image.format, image.mode, same, round(image.info['dpi'][0]) == round(c['image']['dpi']))
            """
        let opened = try tool(["python3", "-c", script, package, key])
        #expect(opened.output == "\(format) \(pillowName) L True True\n", "\(opened.output)")
    }

    @Test func onlyCompressedImageFormatsGoIntoAPackage() throws {
        let scratch = try DBTestStore()
        let outcome = try PBToolProcess.run(["export", "--capture", "--encrypt-to", scratch.path("k.pem"), "--out",
                                             scratch.path("p.json"), "--image-format", "png", "--sensor", "sim:synthetic:5"])
        #expect(outcome.status == 2 && outcome.standardError.contains("--image-format must be wsq, jpeg or jp2"))
    }

    @Test func aKeyThatIsNotAnRSAPublicKeyIsRefusedBeforeAnySwipe() throws {
        let scratch = try DBTestStore()
        let garbage = try scratch.write("garbage.pem", Array("hello".utf8))
        let outcome = try PBToolProcess.run(["export", "--capture", "--encrypt-to", garbage, "--out", scratch.path("p.json"),
                                             "--sensor", "sim:synthetic:5"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("not a PEM public key"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("p.json")))
    }
}
