package io.granary.shared.web;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** Client-side routes of the console: reloading /clusters/1 must serve the app, not a 404. */
@Controller
public class ConsoleController {
  @GetMapping({"/", "/login", "/clusters", "/clusters/**", "/operations", "/operations/**", "/audit", "/users",
      "/tokens", "/hosts", "/provisioning", "/provisioning/**"})
  public String console() {
    return "forward:/index.html";
  }
}
