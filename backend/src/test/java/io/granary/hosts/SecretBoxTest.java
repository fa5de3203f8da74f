package io.granary.hosts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.granary.security.SecurityProperties;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretBoxTest {
  @TempDir Path dir;

  @Test
  void sealedSecretsOpenWithTheSameKeyFileOnlyAndNeverContainThePlainText() throws Exception {
    SecretBox box = new SecretBox(new SecurityProperties(null, dir.toString()));
    byte[] key = "-----BEGIN OPENSSH PRIVATE KEY-----\nabc\n".getBytes(StandardCharsets.UTF_8);
    byte[] sealed = box.seal(key);
    assertThat(new String(sealed, StandardCharsets.ISO_8859_1)).doesNotContain("PRIVATE KEY");
    assertThat(box.seal(key)).as("a fresh IV each time").isNotEqualTo(sealed);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("secret.key"))))
        .isEqualTo("rw-------");
    assertThat(new SecretBox(new SecurityProperties(null, dir.toString())).open(sealed)).isEqualTo(key);

    sealed[sealed.length - 1] ^= 1;
    byte[] tampered = sealed;
    assertThatThrownBy(() -> box.open(tampered)).hasMessageContaining("cannot be decrypted");
  }
}
